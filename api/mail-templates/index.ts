// The one email layout every Fogline message uses: a heading, paragraphs and an optional button, rendered
// as table-based HTML with inline styles (what mail clients understand) plus a plain-text twin.

export interface EmailContent {
  /** The email's big title, e.g. "Reset your password". */
  heading: string;
  /** Plain-text paragraphs (escaped for HTML; blank lines are not needed between them). */
  paragraphs: string[];
  button?: { label: string; url: string };
  /** Small print under the button, e.g. why the reader got this message. */
  footnote?: string;
  /** Hidden preview text most clients show beside the subject. */
  preheader?: string;
}

export interface RenderedEmail {
  html: string;
  text: string;
}

const BRAND = '#14766d';
const INK = '#141b20';
const MUTED = '#4c5963';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function renderEmail({ heading, paragraphs, button, footnote, preheader }: EmailContent): RenderedEmail {
  const paragraphHtml = paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${INK};">${escapeHtml(p)}</p>`)
    .join('\n');
  const buttonHtml = button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr><td style="border-radius:999px;background:${BRAND};">
<a href="${escapeHtml(button.url)}" style="display:inline-block;padding:12px 28px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:999px;">${escapeHtml(button.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${MUTED};">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(button.url)}" style="color:${BRAND};word-break:break-all;">${escapeHtml(button.url)}</a></p>`
    : '';
  const footnoteHtml = footnote
    ? `<p style="margin:16px 0 0;font-size:13px;line-height:20px;color:${MUTED};">${escapeHtml(footnote)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:0;background:#f7f9fa;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
${preheader ? `<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(preheader)}</div>` : ''}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f7f9fa;padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td style="padding:0 8px 16px;font-size:22px;font-weight:700;color:${BRAND};">Fogline</td></tr>
<tr><td style="background:#ffffff;border:1px solid #dde4e8;border-radius:16px;padding:32px 28px;">
<h1 style="margin:0 0 20px;font-size:24px;line-height:32px;color:${INK};">${escapeHtml(heading)}</h1>
${paragraphHtml}
${buttonHtml}
${footnoteHtml}
</td></tr>
<tr><td style="padding:16px 8px;font-size:12px;line-height:18px;color:${MUTED};">Fogline · Outdoor fitness and creative classes in San Francisco</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  const text = [
    heading,
    '='.repeat(Math.min(heading.length, 60)),
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(button ? [`${button.label}: ${button.url}`, ''] : []),
    ...(footnote ? [footnote, ''] : []),
    '-- ',
    'Fogline · Outdoor fitness and creative classes in San Francisco',
  ].join('\n');
  return { html, text };
}
