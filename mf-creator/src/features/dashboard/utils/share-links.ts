/** Where "Share Profile" can send the page: each address carries the text and the page URL, encoded. */
export interface ShareTargets {
  x: string;
  facebook: string;
  whatsapp: string;
  email: string;
}

export function shareTargets(url: string, text: string): ShareTargets {
  const e = encodeURIComponent;
  return {
    x: `https://x.com/intent/post?text=${e(text)}&url=${e(url)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${e(url)}`,
    whatsapp: `https://wa.me/?text=${e(`${text} ${url}`)}`,
    email: `mailto:?subject=${e(text)}&body=${e(`${text}: ${url}`)}`,
  };
}

/** QR codes of the page address: an SVG for print and a large PNG. The library loads on first use only. */
export interface QrImages {
  svg: string;
  svgDataUrl: string;
  pngDataUrl: string;
}

export async function qrImages(url: string): Promise<QrImages> {
  const QRCode = await import('qrcode');
  const options = { errorCorrectionLevel: 'M' as const, margin: 2, color: { dark: '#000000', light: '#ffffff' } };
  const [svg, pngDataUrl] = await Promise.all([
    QRCode.toString(url, { ...options, type: 'svg' }),
    QRCode.toDataURL(url, { ...options, type: 'image/png', width: 1024 }),
  ]);
  return { svg, svgDataUrl: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, pngDataUrl };
}
