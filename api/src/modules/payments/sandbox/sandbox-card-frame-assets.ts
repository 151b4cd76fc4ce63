/*
 * The sandbox's provider-hosted card field: a page, its script and its style, served from
 * /sandbox-pay/v1 with their own strict CSP. The card number, expiry and CVC exist only in this frame's
 * DOM and in its tokenize call to the sandbox; the page that embeds it gets back a status and the
 * provider's reason through postMessage, never the card. The frame's origin is opaque (its policy sandboxes it, see
 * sandbox-pay-routes.ts): it takes messages only from its parent at the site's origin and posts only to that origin;
 * the page takes its messages from the frame's window only (origin "null"). The protocol:
 *   page -> frame  {type: 'sandbox-pay:ping'} (answered with ready and resize) | {type: 'sandbox-pay:confirm', intentId, clientSecret}
 *                  | {type: 'sandbox-pay:setup', setupId, clientSecret} (saves the card for later payments, no charge;
 *                    its bank challenge, if any, is shown here too)
 *                  | {type: 'sandbox-pay:authenticate', intentId, clientSecret} (an intent awaiting authentication,
 *                    e.g. a renewal: only the bank's challenge is shown, the card is already the intent's)
 *   frame -> page  {type: 'sandbox-pay:ready'} | {type: 'sandbox-pay:resize', height}
 *                  | {type: 'sandbox-pay:result', status: 'succeeded' | 'processing' | 'failed' | 'invalid', message}
 * Plain browser JavaScript (no build step): it is the "provider's" code, not the app's.
 */

export const CARD_FRAME_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card details (sandbox, test mode)</title>
<link rel="stylesheet" href="./card-frame.css">
<script src="./card-frame.js" defer></script>
</head>
<body>
<form id="card-form" novalidate>
  <p class="test-mode">Test mode: no real card is charged. Use 4242 4242 4242 4242, any future date, any CVC.</p>
  <div class="field">
    <label for="card-number">Card number</label>
    <input id="card-number" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" aria-describedby="card-number-error">
    <p class="error" id="card-number-error" role="alert"></p>
  </div>
  <div class="row">
    <div class="field">
      <label for="card-expiry">Expiry (MM / YY)</label>
      <input id="card-expiry" name="exp-date" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7" aria-describedby="card-expiry-error">
      <p class="error" id="card-expiry-error" role="alert"></p>
    </div>
    <div class="field">
      <label for="card-cvc">CVC</label>
      <input id="card-cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" aria-describedby="card-cvc-error">
      <p class="error" id="card-cvc-error" role="alert"></p>
    </div>
  </div>
</form>
<section id="challenge" hidden aria-labelledby="challenge-title">
  <h2 id="challenge-title">Confirm this payment with your bank</h2>
  <p id="challenge-setup" hidden>Your bank checks the card you are saving: nothing is charged now.</p>
  <p>Test mode: this stands for your bank's 3-D Secure check. Approve to pay, or fail it to see what a failed check does.</p>
  <div class="buttons">
    <button type="button" id="challenge-approve">Approve payment</button>
    <button type="button" id="challenge-fail" class="secondary">Fail authentication</button>
  </div>
</section>
</body>
</html>
`;

export const CARD_FRAME_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:transparent}
.test-mode{margin:0 0 12px;padding:8px 10px;border-radius:8px;background:#fef3c7;color:#713f12;font-size:14px}
.field{display:flex;flex-direction:column;gap:4px;margin-bottom:10px;flex:1}
.row{display:flex;gap:12px}
label{font-weight:600;font-size:14px}
input{font:inherit;padding:10px 12px;border:1px solid #9ca3af;border-radius:8px;width:100%}
input:focus{outline:3px solid #2563eb;outline-offset:1px}
input[aria-invalid=true]{border-color:#b91c1c}
.error{margin:0;min-height:0;color:#b91c1c;font-size:14px}
.error:empty{display:none}
#challenge{padding:12px;border:1px solid #2563eb;border-radius:8px}
#challenge h2{font-size:16px;margin:0 0 8px}
.buttons{display:flex;gap:8px;flex-wrap:wrap}
button{font:inherit;padding:10px 14px;border-radius:8px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1d4ed8}
button:disabled{opacity:.6;cursor:wait}
`;

export const CARD_FRAME_JS = `'use strict';
(function () {
  var api = location.pathname.replace(/\\/card-frame$/, '');
  var origin = location.origin;
  var fields = {
    number: document.getElementById('card-number'),
    expiry: document.getElementById('card-expiry'),
    cvc: document.getElementById('card-cvc'),
  };
  var errorFor = { number: 'card-number-error', expiry: 'card-expiry-error', cvc: 'card-cvc-error' };
  var form = document.getElementById('card-form');
  var challenge = document.getElementById('challenge');
  var current = null;
  var challengeTitle = document.getElementById('challenge-title');
  var challengeSetup = document.getElementById('challenge-setup');

  function post(message) {
    if (window.parent !== window) window.parent.postMessage(message, origin);
  }
  function showError(field, message) {
    document.getElementById(errorFor[field]).textContent = message || '';
    fields[field].setAttribute('aria-invalid', message ? 'true' : 'false');
  }
  function clearErrors() {
    for (var f in fields) showError(f, '');
  }
  function result(status, message) {
    post({ type: 'sandbox-pay:result', status: status, message: message || null });
  }
  function call(path, body) {
    return fetch(api + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
    }).then(function (response) {
      return response.json().then(function (json) {
        return { status: response.status, body: json };
      });
    });
  }
  function parseExpiry(text) {
    var m = /^\\s*(\\d{1,2})\\s*\\/?\\s*(\\d{2}|\\d{4})\\s*$/.exec(text);
    if (!m) return null;
    var year = Number(m[2]);
    return { month: Number(m[1]), year: year < 100 ? 2000 + year : year };
  }
  function finish(intent) {
    form.hidden = false;
    challenge.hidden = true;
    var setup = current && current.base === '/setup-intents/';
    challengeTitle.textContent = setup ? 'Confirm this card with your bank' : 'Confirm this payment with your bank';
    challengeSetup.hidden = !setup;
    if (intent.status === 'succeeded' || intent.status === 'processing') return result(intent.status, null);
    if (intent.status === 'requires_action') {
      form.hidden = true;
      challenge.hidden = false;
      document.getElementById('challenge-approve').focus();
      return;
    }
    var message = intent.lastError ? intent.lastError.message : 'The payment was not completed.';
    showError('number', message);
    result('failed', message);
  }
  function failNetwork() {
    result('failed', 'The payment provider could not be reached. Check your connection and try again.');
  }
  function confirm(intentId, clientSecret, base) {
    clearErrors();
    var expiry = parseExpiry(fields.expiry.value);
    var missing = false;
    if (!fields.number.value.trim()) { showError('number', 'Card number is required'); missing = true; }
    if (!fields.expiry.value.trim()) { showError('expiry', 'Expiry date is required'); missing = true; }
    else if (!expiry) { showError('expiry', 'Expiry date is invalid'); missing = true; }
    if (!fields.cvc.value.trim()) { showError('cvc', 'CVC is required'); missing = true; }
    if (missing) return result('invalid', 'Please check your card details.');
    current = { intentId: intentId, clientSecret: clientSecret, base: base };
    call('/payment-methods', {
      card: { number: fields.number.value, expMonth: expiry.month, expYear: expiry.year, cvc: fields.cvc.value },
    }).then(function (tokenized) {
      if (tokenized.status !== 200) {
        var errors = (tokenized.body && tokenized.body.fieldErrors) || {};
        showError('number', errors['card.number']);
        showError('expiry', errors['card.expMonth']);
        showError('cvc', errors['card.cvc']);
        return result('invalid', (tokenized.body && tokenized.body.message) || 'Please check your card details.');
      }
      return call(base + encodeURIComponent(intentId) + '/confirm', {
        clientSecret: clientSecret,
        paymentMethod: tokenized.body.paymentMethod.id,
      }).then(function (confirmed) {
        if (confirmed.status !== 200) return result('failed', confirmed.body && confirmed.body.message);
        finish(confirmed.body.intent);
      });
    }, failNetwork);
  }
  function authenticate(approve) {
    if (!current) return;
    var buttons = challenge.querySelectorAll('button');
    buttons.forEach(function (b) { b.disabled = true; });
    call(current.base + encodeURIComponent(current.intentId) + '/authenticate', {
      clientSecret: current.clientSecret,
      approve: approve,
    }).then(function (answered) {
      buttons.forEach(function (b) { b.disabled = false; });
      if (answered.status !== 200) return result('failed', answered.body && answered.body.message);
      finish(answered.body.intent);
    }, failNetwork);
  }
  document.getElementById('challenge-approve').addEventListener('click', function () { authenticate(true); });
  document.getElementById('challenge-fail').addEventListener('click', function () { authenticate(false); });
  form.addEventListener('submit', function (event) { event.preventDefault(); });
  for (var f in fields) {
    (function (name) {
      fields[name].addEventListener('input', function () { showError(name, ''); });
    })(f);
  }
  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || event.origin !== origin) return;
    var data = event.data || {};
    // A page that listened late (it hydrated after the frame loaded) missed the first ready and size: both again.
    if (data.type === 'sandbox-pay:ping') {
      post({ type: 'sandbox-pay:ready' });
      postSize();
    }
    if (data.type === 'sandbox-pay:confirm' && typeof data.intentId === 'string' && typeof data.clientSecret === 'string')
      confirm(data.intentId, data.clientSecret, '/intents/');
    if (data.type === 'sandbox-pay:setup' && typeof data.setupId === 'string' && typeof data.clientSecret === 'string')
      confirm(data.setupId, data.clientSecret, '/setup-intents/');
    if (data.type === 'sandbox-pay:authenticate' && typeof data.intentId === 'string' && typeof data.clientSecret === 'string') {
      current = { intentId: data.intentId, clientSecret: data.clientSecret, base: '/intents/' };
      finish({ status: 'requires_action' });
    }
  });
  function postSize() {
    post({ type: 'sandbox-pay:resize', height: Math.ceil(document.documentElement.getBoundingClientRect().height) });
  }
  new ResizeObserver(postSize).observe(document.documentElement);
  post({ type: 'sandbox-pay:ready' });
})();
`;
