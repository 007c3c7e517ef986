/**
 * zh-CN strings of the navigation (bottom bar, nav panel), the list and search pages and the debug
 * console: kept apart from the shell's dictionary so content pages do not carry them. English pages
 * have them in their dictionary from the server.
 */
export const zhLists = {
  bottomNav: "底部导航",
  moduleUnsupported: "该模块暂不支持，请前往App查看",
  settings: "设置",
  language: "语言",
  darkMode: "深色模式",
  navPanel: "栏目导航",
  navEmpty: "暂无栏目",
  channels: "频道",
  allChannels: "全部",
  latest: "最新",
  emptyList: "暂无内容",
  loadFailed: "内容加载失败，请稍后重试",
  noMore: "没有更多了",
  listTitle: "列表",
  flyCardTitle: "卡片浏览",
  search: "搜索",
  searchPlaceholder: "搜索感兴趣的内容",
  searchHot: "热门搜索",
  searchHotContent: "72小时热榜",
  searchResults: "“{keyword}”的搜索结果",
  searchCount: "共找到{count}条结果",
  searchNoResult: "没有找到相关内容，换个词试试",
  searchKeywordInvalid: "请输入有效的搜索关键词",
  back: "返回",
  debugConsole: "调试",
};
export type ListKey = keyof typeof zhLists;
