import type { NavigationItem } from "@davmu/contracts/app";

/** The demo organisation's site config and app info. */
export const demoSettings: Record<string, string> = {
  site_name: "江澜新闻",
  descriptions: "打开江澜新闻App，阅读更多本地好新闻",
  site_logo: "/media/logo.png",
  debug: "false",
  app_name: "江澜新闻",
  primary_color: "#FF4A26",
  app_download_urls: JSON.stringify({
    ios: "https://apps.apple.com/cn/app/id6450000001",
    android: "https://download.jianglan.example/app/jianglan-news.apk",
  }),
};

const icon = (name: string) => ({
  normal: `/media/nav/${name}.svg`,
  selected: `/media/nav/${name}-active.svg`,
  dark_normal: `/media/nav/${name}-dark.svg`,
  dark_selected: `/media/nav/${name}-dark-active.svg`,
});

const colors = { labelColor: "#666666", labelSelectedColor: "#FF4A26" };

export const demoNavigationItems: NavigationItem[] = [
  {
    id: "nav-home",
    title: "首页",
    binding: "home",
    category: "news",
    isHome: true,
    layout: "news",
    groups: [
      { id: "recommend", name: "推荐", type: "news" },
      { id: "city", name: "本地", type: "news" },
      { id: "culture", name: "文化", type: "news" },
      { id: "tech", name: "科技", type: "news" },
    ],
    icons: icon("home"),
    ...colors,
  },
  {
    id: "nav-life",
    title: "生活",
    binding: "content_model",
    category: "news",
    isHome: false,
    layout: "life",
    groups: [
      { id: "life", name: "生活", type: "news" },
      { id: "health", name: "健康", type: "news" },
      { id: "sports", name: "体育", type: "news" },
    ],
    icons: icon("life"),
    ...colors,
  },
  {
    // video and topic modules live in the app: the bar shows them, and tapping says so
    id: "nav-video",
    title: "视频",
    binding: "video",
    category: "app",
    isHome: false,
    layout: "video",
    groups: [{ id: "video", name: "视频", type: "video" }],
    icons: icon("video"),
    ...colors,
  },
  {
    id: "nav-topic",
    title: "专题",
    binding: "topic",
    category: "topic",
    isHome: false,
    layout: "topic",
    groups: [{ id: "topic", name: "专题", type: "topic" }],
    icons: icon("topic"),
    ...colors,
  },
  {
    id: "nav-service",
    title: "服务",
    binding: "service",
    category: "app",
    isHome: false,
    layout: "service",
    groups: [{ id: "service", name: "政务服务", type: "service" }],
    icons: icon("service"),
    ...colors,
  },
  {
    id: "nav-mine",
    title: "我的",
    binding: "personal_center",
    category: "app",
    isHome: false,
    layout: "mine",
    groups: [],
    icons: icon("mine"),
    ...colors,
  },
];

/** Which group each demo article belongs to, by its position in the list. */
export const demoGroupCycle = [
  "city",
  "city",
  "culture",
  "tech",
  "life",
  "life",
  "culture",
  "sports",
  "city",
  "health",
  "recommend",
  "life",
];

/** Hot words on the search page, in order: words the demo articles' titles hold. */
export const demoHotWords = ["口袋公园", "地铁5号线", "修表匠", "马拉松", "非遗", "银杏", "米粉", "社区医院"];
