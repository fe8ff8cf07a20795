/**
 * Puts `text` on the clipboard. The Clipboard API needs a secure context (https or localhost); an admin
 * opening the back-office by its address on a local network has none, so the old selection copy stands in.
 * Resolves false when neither worked (the preview modal then shows the URL to copy by hand).
 */
export async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused or the document lost focus: try the selection copy below.
    }
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  const focused = document.activeElement as HTMLElement | null;
  // Inside an open modal dialog the rest of the page is inert: the field must sit in the dialog to be selected.
  (focused?.closest('dialog') ?? document.body).append(field);
  field.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  field.remove();
  focused?.focus();
  return copied;
}
