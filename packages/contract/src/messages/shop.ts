import type { Texts } from '../messages.ts';

/** Messages of the shop (issue 12), in the three languages; merged into MESSAGES. */
export const SHOP_MESSAGES = {
  shop_product_unknown: {
    'en-US': 'This product does not exist',
    'zh-CN': '该商品不存在',
    'bm-MY': 'Produk ini tidak wujud',
  },
  shop_not_on_sale: {
    'en-US': '{name} is not on sale',
    'zh-CN': '{name} 已下架',
    'bm-MY': '{name} tidak dijual',
  },
  shop_out_of_stock: {
    'en-US': 'Only {left} of {name} left',
    'zh-CN': '{name} 仅剩 {left} 件',
    'bm-MY': 'Hanya tinggal {left} {name}',
  },
  shop_cart_empty: {
    'en-US': 'Your cart is empty',
    'zh-CN': '购物车是空的',
    'bm-MY': 'Troli anda kosong',
  },
  shop_agree_required: {
    'en-US': 'Please read and accept the user service agreement',
    'zh-CN': '请阅读并同意用户服务协议',
    'bm-MY': 'Sila baca dan terima perjanjian perkhidmatan pengguna',
  },
  shop_address_required: {
    'en-US': 'Choose the address to ship to',
    'zh-CN': '请选择收货地址',
    'bm-MY': 'Pilih alamat penghantaran',
  },
  shop_address_unknown: {
    'en-US': 'This address does not exist',
    'zh-CN': '该地址不存在',
    'bm-MY': 'Alamat ini tidak wujud',
  },
  shop_no_price: {
    'en-US': '{name} cannot be paid with {asset}',
    'zh-CN': '{name} 不支持用 {asset} 支付',
    'bm-MY': '{name} tidak boleh dibayar dengan {asset}',
  },
  shop_points_minimum: {
    'en-US': 'A payment with {asset} must be at least {min} {asset}',
    'zh-CN': '使用 {asset} 支付至少需 {min} {asset}',
    'bm-MY': 'Bayaran dengan {asset} mestilah sekurang-kurangnya {min} {asset}',
  },
  shop_price_invalid: {
    'en-US': 'The price must be a positive amount with at most {decimals} decimals',
    'zh-CN': '价格须为正数，最多 {decimals} 位小数',
    'bm-MY': 'Harga mestilah jumlah positif dengan paling banyak {decimals} tempat perpuluhan',
  },
  shop_order_unknown: {
    'en-US': 'This order does not exist',
    'zh-CN': '该订单不存在',
    'bm-MY': 'Pesanan ini tidak wujud',
  },
  shop_order_paid: {
    'en-US': 'Paid. Your order {order_no} is placed',
    'zh-CN': '支付成功，订单 {order_no} 已提交',
    'bm-MY': 'Dibayar. Pesanan {order_no} anda telah dibuat',
  },
  shop_cart_saved: { 'en-US': 'Cart updated', 'zh-CN': '购物车已更新', 'bm-MY': 'Troli dikemas kini' },
  shop_address_saved: { 'en-US': 'Address saved', 'zh-CN': '地址已保存', 'bm-MY': 'Alamat disimpan' },
  shop_address_deleted: { 'en-US': 'Address deleted', 'zh-CN': '地址已删除', 'bm-MY': 'Alamat dipadam' },
  shop_product_saved: { 'en-US': 'Product saved', 'zh-CN': '商品已保存', 'bm-MY': 'Produk disimpan' },
  shop_order_wrong_state: {
    'en-US': 'This order is past that step, kept in the inventory, or cancelled',
    'zh-CN': '该订单已过此步骤、已存入库存或已取消',
    'bm-MY': 'Pesanan ini sudah melepasi langkah itu, disimpan dalam inventori, atau dibatalkan',
  },
  shop_tracking_required: {
    'en-US': 'Enter the carrier and the tracking number',
    'zh-CN': '请填写承运商和运单号',
    'bm-MY': 'Masukkan syarikat penghantaran dan nombor penjejakan',
  },
  shop_bonus_spent: {
    'en-US': 'A bonus paid on this order has been spent by {userid}; the order cannot be cancelled',
    'zh-CN': '该订单产生的奖金已被 {userid} 使用，订单无法取消',
    'bm-MY':
      'Bonus yang dibayar atas pesanan ini telah dibelanjakan oleh {userid}; pesanan tidak boleh dibatalkan',
  },
  shop_order_updated: { 'en-US': 'Order updated', 'zh-CN': '订单已更新', 'bm-MY': 'Pesanan dikemas kini' },
  shop_order_cancelled: {
    'en-US': 'Order cancelled; {amount} {asset} refunded',
    'zh-CN': '订单已取消，已退款 {amount} {asset}',
    'bm-MY': 'Pesanan dibatalkan; {amount} {asset} dipulangkan',
  },
  inventory_not_enough: {
    'en-US': 'You hold only {left} of {name}',
    'zh-CN': '您只有 {left} 件 {name}',
    'bm-MY': 'Anda hanya mempunyai {left} {name}',
  },
  inventory_sent: {
    'en-US': 'Sent {quantity} to {userid}',
    'zh-CN': '已转给 {userid} {quantity} 件',
    'bm-MY': '{quantity} dihantar kepada {userid}',
  },
  inventory_redeemed: {
    'en-US': 'Order {order_no} placed for delivery',
    'zh-CN': '已提交配送订单 {order_no}',
    'bm-MY': 'Pesanan {order_no} dibuat untuk penghantaran',
  },
  'field.carrier': { 'en-US': 'Carrier', 'zh-CN': '承运商', 'bm-MY': 'Syarikat penghantaran' },
  'field.tracking_no': { 'en-US': 'Tracking number', 'zh-CN': '运单号', 'bm-MY': 'Nombor penjejakan' },
  'field.product_id': { 'en-US': 'Product', 'zh-CN': '商品', 'bm-MY': 'Produk' },
  'field.phone': { 'en-US': 'Phone', 'zh-CN': '电话', 'bm-MY': 'Telefon' },
  'field.line1': { 'en-US': 'Address', 'zh-CN': '详细地址', 'bm-MY': 'Alamat' },
  'field.city': { 'en-US': 'City', 'zh-CN': '城市', 'bm-MY': 'Bandar' },
  'field.postcode': { 'en-US': 'Postcode', 'zh-CN': '邮编', 'bm-MY': 'Poskod' },
  'field.country': { 'en-US': 'Country', 'zh-CN': '国家', 'bm-MY': 'Negara' },
  'field.lat': { 'en-US': 'Latitude', 'zh-CN': '纬度', 'bm-MY': 'Latitud' },
  'field.lng': { 'en-US': 'Longitude', 'zh-CN': '经度', 'bm-MY': 'Longitud' },
  'field.is_default': { 'en-US': 'Default address', 'zh-CN': '默认地址', 'bm-MY': 'Alamat lalai' },
  'field.delivery': { 'en-US': 'Delivery', 'zh-CN': '配送方式', 'bm-MY': 'Penghantaran' },
  'field.address_id': { 'en-US': 'Address', 'zh-CN': '地址', 'bm-MY': 'Alamat' },
  'field.category': { 'en-US': 'Category', 'zh-CN': '分类', 'bm-MY': 'Kategori' },
  'field.stock': { 'en-US': 'Stock', 'zh-CN': '库存', 'bm-MY': 'Stok' },
  'field.prices': { 'en-US': 'Prices', 'zh-CN': '价格', 'bm-MY': 'Harga' },
  'field.image_id': { 'en-US': 'Picture', 'zh-CN': '图片', 'bm-MY': 'Gambar' },
} satisfies Record<string, Texts>;
