/**
 * Puts text on the clipboard; false when the browser refused. Falls back to a hidden text area and the old
 * copy command where the Clipboard API is missing or blocked (plain-http pages, older in-app web views).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission or not a secure page): try the fallback below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    // Deprecated but the only way left where the Clipboard API is unavailable.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
