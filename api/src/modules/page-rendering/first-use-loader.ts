import { createHash } from 'node:crypto';
import { FIRST_USE_ELEMENT_ID, FIRST_USE_GLOBAL } from '@beabro/shared/contract/page-state';

/**
 * What a public page runs before the visitor uses it: this script and nothing else (under 2 kB gzipped). The page's HTML
 * works on its own; on the visitor's first use (a mouse button or pen pressed, a tap, a key, focus moving into
 * the page or into one of its frames) it fetches the shell's scripts and the area's files the page names in its
 * first-use block, and the shell hydrates the page. A tap that only scrolls does not count (a touch counts at its click).
 *
 * Until the shell hydrates, a click on a button with no action of its own in plain HTML is kept, and the shell
 * clicks it again once hydrated, so the tap that started the load is not lost. Links, a form's submit button
 * and a disclosure's summary act at once without code and are not kept, except the submit button of a form marked
 * `data-needs-code` (the checkout, whose payment needs the card field's code): its plain HTML submission is stopped
 * and the button kept, so the shell submits the form once hydrated. If a script cannot be fetched the page
 * stays as it is (readable, its links working) and says that its interactive parts did not load, with a Retry
 * button (the shell uses the same notice when the area's files fail).
 *
 * Plain ES2017 for every browser the site supports; served from this server (`script-src 'self'`), never inline.
 */
const SOURCE = `(function () {
  'use strict';
  var plan;
  try {
    plan = JSON.parse(document.getElementById(${JSON.stringify(FIRST_USE_ELEMENT_ID)}).textContent);
  } catch (error) {
    return;
  }
  var state = { start: start, clicks: [], hydrating: false, fail: notice };
  window[${JSON.stringify(FIRST_USE_GLOBAL)}] = state;
  var started = false;
  var box = null;
  var failedScripts = [];

  function notice(retry) {
    if (box) return;
    box = document.createElement('div');
    box.setAttribute('data-first-use-notice', '');
    box.style.cssText =
      'position:fixed;left:1rem;right:1rem;bottom:1rem;z-index:1000;max-width:36rem;margin:0 auto;padding:0.75rem 1rem;' +
      'display:flex;gap:1rem;align-items:center;border-radius:0.5rem;background:#1f2937;color:#fff;' +
      'font:0.9375rem/1.4 system-ui,sans-serif;';
    var text = document.createElement('p');
    text.setAttribute('role', 'alert');
    text.style.margin = '0';
    text.textContent =
      'The interactive parts of this page could not load. Links still work; Retry tries again.';
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Retry';
    button.style.cssText =
      'flex:none;padding:0.5rem 1rem;border:1px solid #fff;border-radius:0.375rem;background:none;color:#fff;' +
      'font:inherit;cursor:pointer;';
    button.addEventListener('click', function () {
      box.remove();
      box = null;
      retry();
    });
    box.appendChild(text);
    box.appendChild(button);
    document.body.appendChild(box);
  }

  function loadScript(src) {
    var script = document.createElement('script');
    script.src = src;
    script.async = false;
    script.onerror = function () {
      script.remove();
      failedScripts.push(src);
      notice(function () {
        failedScripts.splice(0).forEach(loadScript);
      });
    };
    document.head.appendChild(script);
  }

  function start() {
    if (started) return;
    started = true;
    stopListening();
    plan.preloads.forEach(function (file) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = file.as;
      if (file.as === 'fetch') link.crossOrigin = 'anonymous';
      link.href = file.href;
      document.head.appendChild(link);
    });
    plan.scripts.forEach(loadScript);
  }

  function onPointer(event) {
    if (event.pointerType !== 'touch') start();
  }
  var triggers = [
    ['pointerdown', onPointer],
    ['click', start],
    ['keydown', start],
    ['focusin', start],
  ];
  // Focus moving into a frame of the page (the checkout's card field) is a first use too: the page hears only its
  // own window losing focus.
  function onBlur() {
    var active = document.activeElement;
    if (active && active.tagName === 'IFRAME') start();
  }
  function stopListening() {
    triggers.forEach(function (trigger) {
      document.removeEventListener(trigger[0], trigger[1], true);
    });
    window.removeEventListener('blur', onBlur);
  }
  triggers.forEach(function (trigger) {
    document.addEventListener(trigger[0], trigger[1], { capture: true, passive: true });
  });
  window.addEventListener('blur', onBlur);

  // A creator's page counts its view as it opens (once it is shown, for a page the browser prerenders), whether or
  // not the visitor goes on to use it. A failure is simply not counted.
  function reportView() {
    var view = plan.view;
    state.reportedView = view.username + '|' + view.page;
    fetch('/api/creators/' + encodeURIComponent(view.username) + '/views', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'beabro' },
      body: JSON.stringify({ page: view.page }),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(function () {});
  }
  if (plan.view) {
    if (document.prerendering) document.addEventListener('prerenderingchange', reportView, { once: true });
    else reportView();
  }

  // Kept for the shell: a click that plain HTML does nothing with.
  document.addEventListener(
    'click',
    function (event) {
      if (state.hydrating || !(event.target instanceof Element)) return;
      if (event.target.closest('a[href], summary, label')) return;
      var button = event.target.closest('button, [role="button"]');
      if (!button || button.disabled) return;
      if (button.tagName === 'BUTTON' && button.type !== 'button' && button.form) return;
      if (state.clicks.indexOf(button) === -1) state.clicks.push(button);
    },
    true,
  );

  // A form that needs code (data-needs-code) is never submitted as plain HTML: its submit button waits for the shell.
  document.addEventListener(
    'submit',
    function (event) {
      var form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-needs-code')) return;
      var root = document.getElementById('root');
      if (root && root.hasAttribute('data-interactive')) return;
      event.preventDefault();
      start();
      var button = event.submitter;
      if (button && state.clicks.indexOf(button) === -1) state.clicks.push(button);
    },
    true,
  );
})();
`;

/** The loader's file: its content and a path that changes with it (served with a long cache life). */
export const FIRST_USE_LOADER = {
  source: SOURCE,
  path: `/first-use.${createHash('sha256').update(SOURCE).digest('hex').slice(0, 10)}.js`,
};
