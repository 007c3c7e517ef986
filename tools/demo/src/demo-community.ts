// Demo readers and their comments on the demo articles. Fictional people, original text.

export interface DemoUser {
  phone: string;
  alias: string;
  avatar: string;
  /** Demo password for password login; only the first demo user has one. */
  password?: string;
}

/** 13800138000 / jianglan123 logs in by password; any demo phone can log in by SMS code. */
export const demoUsers: DemoUser[] = [
  { phone: "13800138000", alias: "江澜小编", avatar: "reader-1.svg", password: "jianglan123" },
  { phone: "13800138001", alias: "澜溪边的猫", avatar: "reader-2.svg" },
  { phone: "13800138002", alias: "城东老李", avatar: "reader-3.svg" },
  { phone: "13800138003", alias: "银杏大道晨跑人", avatar: "reader-4.svg" },
  { phone: "13800138004", alias: "米粉爱好者阿珍", avatar: "reader-5.svg" },
  { phone: "13800138005", alias: "周末去博物馆", avatar: "reader-6.svg" },
];

export interface DemoComment {
  article: string;
  by: number;
  text: string;
  location: string;
  hoursAgo: number;
  stars: number;
  replies?: { by: number; text: string; location: string; hoursAgo: number; to?: number }[];
}

export const demoComments: DemoComment[] = [
  {
    article: "demo-article-01",
    by: 1,
    text: "我家楼下那块荒地也变成口袋公园了，晚饭后带孩子去转一圈，特别方便！",
    location: "江澜",
    hoursAgo: 5,
    stars: 36,
    replies: [
      { by: 2, text: "同感，老人家也有地方下棋了。", location: "江澜", hoursAgo: 4 },
      { by: 4, text: "希望能多装几盏路灯，晚上有点暗。", location: "广东", hoursAgo: 3 },
      { by: 1, text: "路灯已经在装了，昨天看到工人在施工。", location: "江澜", hoursAgo: 2, to: 4 },
    ],
  },
  {
    article: "demo-article-01",
    by: 3,
    text: "见缝插绿这个思路好，比建大公园更贴近日常生活。",
    location: "浙江",
    hoursAgo: 8,
    stars: 12,
  },
  {
    article: "demo-article-02",
    by: 2,
    text: "终于开通了！以后从城东到城西只要四十分钟。",
    location: "江澜",
    hoursAgo: 3,
    stars: 88,
    replies: [
      { by: 5, text: "早高峰不知道会不会很挤", location: "江澜", hoursAgo: 2 },
      { by: 2, text: "听说高峰期两分半一趟，应该还好。", location: "江澜", hoursAgo: 1, to: 5 },
    ],
  },
  {
    article: "demo-article-02",
    by: 4,
    text: "站台设计很有江澜特色，墙上的水纹图案很好看。",
    location: "湖南",
    hoursAgo: 6,
    stars: 21,
  },
  {
    article: "demo-article-03",
    by: 5,
    text: "周末带孩子去看了，那件青铜鱼纹盘真是镇馆之宝。",
    location: "江澜",
    hoursAgo: 20,
    stars: 45,
    replies: [{ by: 0, text: "讲解员讲得也很生动，推荐跟一场免费讲解。", location: "江澜", hoursAgo: 18 }],
  },
  {
    article: "demo-article-05",
    by: 3,
    text: "每年最期待的就是银杏黄的这几天，周六早上人少，拍照最好。",
    location: "江澜",
    hoursAgo: 10,
    stars: 57,
  },
  {
    article: "demo-article-06",
    by: 4,
    text: "排了半小时队吃到了老字号的牛腩粉，值！",
    location: "江澜",
    hoursAgo: 7,
    stars: 33,
    replies: [{ by: 1, text: "是桥头那家吗？明天也去。", location: "四川", hoursAgo: 6 }],
  },
  {
    article: "demo-article-08",
    by: 3,
    text: "第一次跑全马，沿江那段风景太美了，补给也很到位。",
    location: "江澜",
    hoursAgo: 30,
    stars: 64,
  },
  {
    article: "demo-article-09",
    by: 2,
    text: "小时候澜溪河就是这么清，很高兴又看到白鹭了。",
    location: "江澜",
    hoursAgo: 12,
    stars: 29,
  },
];
