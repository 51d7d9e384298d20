// renderEmail: the shared HTML + text layout every Fogline email uses.
import { describe, expect, test } from 'bun:test';
import { renderEmail } from '.';

describe('renderEmail', () => {
  const email = renderEmail({
    heading: 'Reset your password',
    paragraphs: ['Hi <Sam> & friends,', 'The link expires in 1 hour.'],
    button: { label: 'Reset Password', url: 'https://fogline.test/auth?tab=reset&token=abc' },
    footnote: "If you didn't ask for this, ignore it.",
  });

  test('the HTML has the heading, escaped paragraphs and a button linking to the URL', () => {
    expect(email.html).toContain('<h1');
    expect(email.html).toContain('Reset your password');
    expect(email.html).toContain('Hi &lt;Sam&gt; &amp; friends,');
    expect(email.html).not.toContain('<Sam>');
    expect(email.html).toContain('href="https://fogline.test/auth?tab=reset&amp;token=abc"');
    expect(email.html).toContain('>Reset Password</a>');
  });

  test('the text twin reads on its own, with the link spelled out', () => {
    expect(email.text).toStartWith('Reset your password\n');
    expect(email.text).toContain('Hi <Sam> & friends,');
    expect(email.text).toContain('Reset Password: https://fogline.test/auth?tab=reset&token=abc');
    expect(email.text).toContain("If you didn't ask for this, ignore it.");
  });

  test('a message without a button has no link block', () => {
    const plain = renderEmail({ heading: 'Hello', paragraphs: ['Just news.'] });
    expect(plain.html).not.toContain('<a ');
    expect(plain.text).not.toContain('http');
  });
});
