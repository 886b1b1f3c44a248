/**
 * The demo shop's products (USDT prices; each is also sold for twice as many deposit points), in three languages,
 * each with its picture from the demo's art (scripts/demo-art/scenes-products.ts draws them).
 */
export const DEMO_PRODUCTS = [
  {
    picture: 'product-1.webp',
    name: 'Vitamin C 1000 mg (60 tablets)',
    category: 'health',
    price: '25',
    stock: 120,
    description: 'One tablet a day with a meal.',
    translations: [
      { lang: 'zh-CN', name: '维生素C 1000毫克（60片）', description: '每天随餐服用一片。' },
      {
        lang: 'bm-MY',
        name: 'Vitamin C 1000 mg (60 biji)',
        description: 'Satu biji sehari bersama makanan.',
      },
    ],
  },
  {
    picture: 'product-2.webp',
    name: 'Marine collagen drink (10 bottles)',
    category: 'beauty',
    price: '48',
    stock: 60,
    description: 'Peach flavour, 5,000 mg of collagen in each bottle.',
    translations: [
      { lang: 'zh-CN', name: '海洋胶原蛋白饮（10瓶）', description: '蜜桃味，每瓶含 5,000 毫克胶原蛋白。' },
      {
        lang: 'bm-MY',
        name: 'Minuman kolagen marin (10 botol)',
        description: 'Perisa pic, 5,000 mg kolagen dalam setiap botol.',
      },
    ],
  },
  {
    picture: 'product-3.webp',
    name: 'Omega-3 fish oil (90 capsules)',
    category: 'health',
    price: '32',
    stock: 80,
    description: 'Two capsules a day.',
    translations: [
      { lang: 'zh-CN', name: '深海鱼油 Omega-3（90粒）', description: '每天两粒。' },
      { lang: 'bm-MY', name: 'Minyak ikan Omega-3 (90 kapsul)', description: 'Dua kapsul sehari.' },
    ],
  },
  {
    picture: 'product-4.webp',
    name: 'Bamboo charcoal toothpaste',
    category: 'home',
    price: '6',
    stock: 300,
    description: 'Fluoride, 120 g.',
    translations: [
      { lang: 'zh-CN', name: '竹炭牙膏', description: '含氟，120 克。' },
      { lang: 'bm-MY', name: 'Ubat gigi arang buluh', description: 'Berfluorida, 120 g.' },
    ],
  },
  {
    picture: 'product-5.webp',
    name: 'Black garlic honey (250 g)',
    category: 'food',
    price: '18',
    stock: 45,
    description: 'Aged black garlic in forest honey.',
    translations: [
      { lang: 'zh-CN', name: '黑蒜蜂蜜（250克）', description: '陈年黑蒜浸于森林蜂蜜。' },
      {
        lang: 'bm-MY',
        name: 'Madu bawang putih hitam (250 g)',
        description: 'Bawang putih hitam diperam dalam madu hutan.',
      },
    ],
  },
  {
    picture: 'product-6.webp',
    name: 'Aloe vera gel (200 ml)',
    category: 'beauty',
    price: '12',
    stock: 0,
    description: 'Back in stock soon.',
    translations: [
      { lang: 'zh-CN', name: '芦荟凝胶（200毫升）', description: '即将补货。' },
      {
        lang: 'bm-MY',
        name: 'Gel lidah buaya (200 ml)',
        description: 'Stok akan tiba semula tidak lama lagi.',
      },
    ],
  },
];
