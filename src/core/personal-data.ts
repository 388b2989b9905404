/** Anything that looks like an email address, as logs and stored errors must not hold one. */
export const EMAIL_ADDRESS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** The text with every email address in it replaced by `[email]`: for logs and stored errors. */
export function maskEmailAddresses(text: string): string {
  return text.replace(EMAIL_ADDRESS, '[email]');
}
