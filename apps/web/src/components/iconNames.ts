/**
 * The icons the first screens draw (home areas, tab bar, navigation bar, back-to-top), served by <Icon>
 * from paths extracted from antd-mobile-icons at build time (build/icons.ts). Other pages import
 * antd-mobile-icons directly, in their own chunks.
 */
export const ICON_NAMES = [
  'AppOutline',
  'AppstoreOutline',
  'BankcardOutline',
  'BillOutline',
  'CollectMoneyOutline',
  'ContentOutline',
  'GiftOutline',
  'GlobalOutline',
  'HistogramOutline',
  'LeftOutline',
  'LinkOutline',
  'MessageOutline',
  'PayCircleOutline',
  'QuestionCircleOutline',
  'ReceivePaymentOutline',
  'SendOutline',
  'SetOutline',
  'ShopbagOutline',
  'SmileOutline',
  'StarOutline',
  'TeamOutline',
  'TextOutline',
  'TransportQRcodeOutline',
  'TruckOutline',
  'UnorderedListOutline',
  'UpOutline',
  'UserAddOutline',
  'UserContactOutline',
  'UserOutline',
  'UserSetOutline',
  'VideoOutline',
] as const;

export type IconName = (typeof ICON_NAMES)[number];
