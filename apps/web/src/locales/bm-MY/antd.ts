import msMY from 'antd-mobile/es/locales/ms-MY';
import type { AntdLocale } from '../../lib/antdLocale.ts';

/**
 * antd-mobile's ms-MY has typos and odd wording ("yabg", "Faham" for OK); these are the texts our
 * screens show, in proper Malay. Its `.locale` fields do not match our language codes, so we map by hand.
 */
export const antd: AntdLocale = {
  ...msMY,
  common: { ...msMY.common, confirm: 'Sahkan', cancel: 'Batal', loading: 'Memuatkan', close: 'Tutup' },
  Dialog: { ...msMY.Dialog, ok: 'Sahkan' },
  Modal: { ...msMY.Modal, ok: 'Sahkan' },
  InfiniteScroll: { ...msMY.InfiniteScroll, noMore: 'Tiada lagi data', retry: 'Cuba lagi' },
  PullToRefresh: {
    ...msMY.PullToRefresh,
    pulling: 'Tarik untuk muat semula',
    canRelease: 'Lepaskan untuk muat semula',
    complete: 'Selesai',
  },
  Form: {
    ...msMY.Form,
    defaultValidateMessages: {
      ...msMY.Form.defaultValidateMessages,
      types: Object.fromEntries(
        Object.keys(msMY.Form.defaultValidateMessages.types).map((k) => [
          k,
          // biome-ignore lint/suspicious/noTemplateCurlyInString: antd-mobile's own placeholder syntax, filled by the library.
          '${label} bukan ${type} yang sah',
        ]),
      ) as AntdLocale['Form']['defaultValidateMessages']['types'],
    },
  },
};
