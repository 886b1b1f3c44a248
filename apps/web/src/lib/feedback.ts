import { TOAST_MS } from '@mp/contract/web';
import { Dialog, Toast } from 'antd-mobile';
import { i18n } from './i18n.ts';

/** A short message that goes away after 2 s (spec section 8). */
export function showToast(content: string): void {
  Toast.show({ content, duration: TOAST_MS });
}

const openAlerts = new Set<string>();

/** A modal with a single Confirm button. The same text is never stacked twice. */
export async function showAlert(content: string): Promise<void> {
  if (openAlerts.has(content)) return;
  openAlerts.add(content);
  try {
    await Dialog.alert({ content, confirmText: i18n.t('common:confirm') });
  } finally {
    openAlerts.delete(content);
  }
}

/** Asks a yes/no question; resolves true on Confirm. */
export function confirmDialog(content: string): Promise<boolean> {
  return Dialog.confirm({
    content,
    confirmText: i18n.t('common:confirm'),
    cancelText: i18n.t('common:cancel'),
  });
}
