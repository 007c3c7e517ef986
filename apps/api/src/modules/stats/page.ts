import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { contentTypeNames, contentTypes, linkContentTypes } from "@davmu/contracts/content";

const require = createRequire(import.meta.url);

/** The page's own files and the charting library's, by the name the page asks for. */
export function dashboardAssets(): Map<string, { path: string; type: string }> {
  const here = (name: string) => fileURLToPath(new URL(`./assets/${name}`, import.meta.url));
  const uplot = (name: string) => require.resolve(`uplot/dist/${name}`);
  return new Map([
    ["dashboard.js", { path: here("dashboard.js"), type: "text/javascript; charset=utf-8" }],
    ["dashboard.css", { path: here("dashboard.css"), type: "text/css; charset=utf-8" }],
    ["uPlot.iife.min.js", { path: uplot("uPlot.iife.min.js"), type: "text/javascript; charset=utf-8" }],
    ["uPlot.min.css", { path: uplot("uPlot.min.css"), type: "text/css; charset=utf-8" }],
  ]);
}

/** The page never leaves this origin, runs only its own files, and is never kept or framed. */
export const pageHeaders = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; " +
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "x-robots-tag": "noindex, nofollow",
  "x-content-type-options": "nosniff",
};

/** The filter's types: every type but those that only open an address (they have no page to read). */
const contentTypeOptions: Array<[string, string]> = [
  ["", "全部类型"],
  ...contentTypes
    .filter((type) => !linkContentTypes.includes(type))
    .map((type) => [type, contentTypeNames[type]] as [string, string]),
];

/** The types' names for the page's script (its table names each item's type). */
const typeNamesJson = JSON.stringify(contentTypeNames);

/**
 * The stats page: a sign-in form, or the dashboard (filters, figures, plots, items, CSV export).
 * The script (assets/dashboard.js) fills it from `GET /editor/v1/stats`; the password is posted once, in
 * the request body, and never appears in an address.
 */
export function dashboardHtml(signedIn: boolean): string {
  const options = contentTypeOptions.map(([value, label]) => `<option value="${value}">${label}</option>`).join("");
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>阅读数据 · 编辑后台</title>
<link rel="stylesheet" href="/editor/stats/assets/uPlot.min.css">
<link rel="stylesheet" href="/editor/stats/assets/dashboard.css">
<script src="/editor/stats/assets/uPlot.iife.min.js" defer></script>
<script src="/editor/stats/assets/dashboard.js" defer></script>
<script type="application/json" id="type-names">${typeNamesJson}</script>
</head>
<body data-signed-in="${signedIn ? "1" : "0"}">
<header class="top">
  <h1>阅读数据</h1>
  <button type="button" id="sign-out" class="link" hidden>退出登录</button>
</header>
<main>
<section id="sign-in" class="card sign-in" ${signedIn ? "hidden" : ""}>
  <h2>编辑登录</h2>
  <p class="hint">请使用您的编辑账号登录（分析员或管理员）。登录后本浏览器在会话有效期内无需再次输入。</p>
  <form id="sign-in-form" method="post" action="/editor/v1/login">
    <label for="email">邮箱</label>
    <input id="email" name="email" type="email" required autocomplete="username">
    <label for="password">密码</label>
    <input id="password" name="password" type="password" required autocomplete="current-password">
    <label for="totp">两步验证码（已启用时填写）</label>
    <input id="totp" name="totp" inputmode="numeric" pattern="[0-9]{6}" autocomplete="one-time-code">
    <p id="sign-in-error" class="error" role="alert" hidden></p>
    <button type="submit" class="primary">登录</button>
  </form>
</section>
<section id="dashboard" ${signedIn ? "" : "hidden"}>
  <form id="filters" class="card filters">
    <label>开始日期<input type="date" name="from" id="from"></label>
    <label>结束日期<input type="date" name="to" id="to"></label>
    <label>粒度<select name="granularity" id="granularity"><option value="day">按天</option><option value="hour">按小时</option></select></label>
    <label>内容类型<select name="content_type" id="content-type">${options}</select></label>
    <div class="actions">
      <button type="submit" class="primary">查询</button>
      <a id="csv" class="button" href="/editor/v1/stats.csv" download>导出 CSV</a>
    </div>
  </form>
  <p id="scope" class="scope" hidden><span id="scope-title"></span> <button type="button" id="scope-clear" class="link">查看全部内容</button></p>
  <p id="load-error" class="error" role="alert" hidden></p>
  <section class="figures" id="figures" aria-label="合计"></section>
  <section class="card"><h2>浏览、阅读与曝光</h2><div id="plot-traffic" class="plot" data-testid="plot-traffic"></div></section>
  <div class="grid">
    <section class="card"><h2>平均阅读时长（秒）</h2><div id="plot-duration" class="plot small"></div></section>
    <section class="card"><h2>阅读深度分布</h2><div id="depth" class="depth"></div></section>
  </div>
  <section class="card"><h2>打开 App 结果</h2><div id="outcomes"></div></section>
  <section class="card"><h2>内容明细</h2><div class="table-wrap"><table id="items"><thead><tr>
    <th>标题</th><th>类型</th><th>浏览</th><th>阅读</th><th>平均阅读时长</th><th>阅读深度</th><th>曝光</th><th>曝光→浏览</th><th>打开App</th>
  </tr></thead><tbody></tbody></table></div></section>
</section>
</main>
</body>
</html>
`;
}
