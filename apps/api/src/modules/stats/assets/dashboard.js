// The editors' stats page (R-STATS-1): an analyst or admin logs in with their own editor account
// (R-CONSOLE-1; the password posted once, never in an address), then draws the report of GET /editor/v1/stats with uPlot. Plain script, no build step.
(() => {
  const $ = (id) => document.getElementById(id);
  // the content types' names, from the page (@davmu/contracts' contentTypeNames)
  const typeNames = JSON.parse($("type-names").textContent || "{}");
  // open-app outcomes are named `{step}_{outcome}` (the open-app chain's steps and results)
  const stepNames = {
    wechat_tag: "微信开放标签",
    universal_link: "通用链接",
    scheme: "Scheme",
    intent: "Intent",
    guide: "引导页",
    download: "下载页",
  };
  const resultNames = { tried: "尝试", opened: "已打开", fell_back: "转下一步", failed: "失败" };
  function outcomeName(name) {
    for (const step of Object.keys(stepNames)) {
      const result = name.slice(step.length + 1);
      if (name.indexOf(`${step}_`) === 0 && resultNames[result]) return `${stepNames[step]}·${resultNames[result]}`;
    }
    return name;
  }
  const depthNames = ["< 25%", "25–49%", "50–74%", "75–99%", "100%"];
  // the session's CSRF token, sent back with the sign-out (a write)
  const state = { postId: null, postTitle: "", plots: [], csrf: "" };

  const fmt = (n) => Number(n || 0).toLocaleString("zh-CN");
  const pct = (r) => (r === null || r === undefined ? "—" : `${(r * 100).toFixed(1)}%`);
  const secs = (s) => (s >= 60 ? `${Math.floor(s / 60)}分${Math.round(s % 60)}秒` : `${Math.round(s * 10) / 10}秒`);
  const today = () => new Date(Date.now() + 8 * 3600e3).toISOString().slice(0, 10);
  const daysBefore = (day, n) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86400e3).toISOString().slice(0, 10);

  function show(el, on) {
    el.hidden = !on;
  }

  function signedIn(on) {
    document.body.dataset.signedIn = on ? "1" : "0";
    show($("sign-in"), !on);
    show($("dashboard"), on);
    show($("sign-out"), on);
  }

  async function signIn(event) {
    event.preventDefault();
    const error = $("sign-in-error");
    show(error, false);
    const body = { email: $("email").value, password: $("password").value };
    if ($("totp").value) body.totp = $("totp").value;
    const response = await fetch("/editor/v1/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    }).catch(() => null);
    const answer = response ? await response.json().catch(() => null) : null;
    if (!response?.ok || !answer || answer.code !== 0) {
      error.textContent = answer?.msg || "网络错误，请稍后重试";
      show(error, true);
      return;
    }
    $("password").value = "";
    $("totp").value = "";
    state.csrf = answer.data.csrf_token;
    signedIn(true);
    load();
  }

  async function signOut() {
    if (!state.csrf) {
      const me = await fetch("/editor/v1/me", { credentials: "same-origin" }).catch(() => null);
      const answer = me?.ok ? await me.json().catch(() => null) : null;
      state.csrf = answer?.data?.csrf_token || "";
    }
    await fetch("/editor/v1/logout", {
      method: "POST",
      headers: { "x-csrf-token": state.csrf },
      credentials: "same-origin",
    }).catch(() => null);
    state.csrf = "";
    signedIn(false);
  }

  function query() {
    const params = new URLSearchParams();
    params.set("from", $("from").value);
    params.set("to", $("to").value);
    params.set("granularity", $("granularity").value);
    if ($("content-type").value) params.set("content_type", $("content-type").value);
    if (state.postId) params.set("post_id", state.postId);
    return params;
  }

  async function load() {
    const params = query();
    $("csv").href = `/editor/v1/stats.csv?${params}`;
    show($("load-error"), false);
    const response = await fetch(`/editor/v1/stats?${params}`, { credentials: "same-origin" }).catch(() => null);
    const answer = response ? await response.json().catch(() => null) : null;
    if (response && response.status === 401) {
      signedIn(false);
      const error = $("sign-in-error");
      error.textContent = answer?.msg || "请重新登录";
      show(error, true);
      return;
    }
    if (!response || !answer || answer.code !== 0) {
      $("load-error").textContent = answer?.msg || "加载失败，请稍后重试";
      show($("load-error"), true);
      return;
    }
    draw(answer.data);
  }

  function figure(label, value, note) {
    return `<div class="figure"><span class="label">${label}</span><strong>${value}</strong>${note ? `<span class="note">${note}</span>` : ""}</div>`;
  }

  function outcomesText(outcomes) {
    const entries = Object.entries(outcomes || {});
    if (!entries.length) return "—";
    return entries.map(([k, v]) => `${outcomeName(k)} ${fmt(v)}`).join("，");
  }

  function outcomesTotal(outcomes) {
    const total = Object.values(outcomes || {}).reduce((a, b) => a + b, 0);
    return total ? fmt(total) : "—";
  }

  function escapeHtml(text) {
    return String(text).replace(
      /[&<>"']/g,
      (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
    );
  }

  function timeOf(at) {
    return Date.parse(at.length === 10 ? `${at}T00:00:00+08:00` : `${at.replace(" ", "T")}:00+08:00`) / 1000;
  }

  function plotWidth(el) {
    return Math.max(260, el.clientWidth || el.parentElement.clientWidth - 24);
  }

  function makePlot(el, series, data, height) {
    el.textContent = "";
    const opts = {
      width: plotWidth(el),
      height,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), "Asia/Shanghai"),
      scales: { x: { time: true } },
      series: [{ label: "时间" }].concat(series),
      axes: [
        { stroke: "#888", grid: { stroke: "#eee" } },
        { stroke: "#888", grid: { stroke: "#eee" }, size: 56 },
      ],
      legend: { live: true },
      cursor: { drag: { x: true, y: false } },
    };
    const plot = new uPlot(opts, data, el);
    state.plots.push({ plot, el, height });
  }

  function draw(report) {
    const t = report.totals;
    $("figures").innerHTML = [
      figure("浏览", fmt(t.views)),
      figure("阅读", fmt(t.reads)),
      figure("平均阅读时长", secs(t.avg_read_seconds)),
      figure("曝光", fmt(t.exposures)),
      figure("曝光→浏览率", pct(t.exposure_view_rate)),
      figure("打开 App", fmt(Object.values(t.open_app || {}).reduce((a, b) => a + b, 0))),
    ].join("");

    for (const p of state.plots) p.plot.destroy();
    state.plots = [];
    const xs = report.series.map((p) => timeOf(p.at));
    makePlot(
      $("plot-traffic"),
      [
        { label: "浏览", stroke: "#ff4a26", width: 2, fill: "rgba(255,74,38,0.08)" },
        { label: "阅读", stroke: "#2f6fde", width: 2 },
        { label: "曝光", stroke: "#1a9e6a", width: 1.5, dash: [6, 4] },
      ],
      [xs, report.series.map((p) => p.views), report.series.map((p) => p.reads), report.series.map((p) => p.exposures)],
      260,
    );
    makePlot(
      $("plot-duration"),
      [{ label: "平均阅读时长（秒）", stroke: "#8a5cf6", width: 2 }],
      [xs, report.series.map((p) => (p.reads ? p.avg_read_seconds : null))],
      180,
    );

    const depth = t.depth;
    const most = Math.max(1, ...depth);
    const total = depth.reduce((a, b) => a + b, 0);
    $("depth").innerHTML = depth
      .map(
        (n, i) =>
          `<div class="bar-row"><span class="bar-label">${depthNames[i]}</span><span class="bar"><span style="width:${(n / most) * 100}%"></span></span><span class="bar-value">${fmt(n)}${total ? `（${((n / total) * 100).toFixed(0)}%）` : ""}</span></div>`,
      )
      .join("");

    const outcomes = Object.entries(t.open_app || {});
    $("outcomes").innerHTML = outcomes.length
      ? `<ul class="outcomes">${outcomes.map(([k, v]) => `<li><span>${escapeHtml(outcomeName(k))}</span><strong>${fmt(v)}</strong></li>`).join("")}</ul>`
      : `<p class="hint">所选范围内没有打开 App 的记录。分享页的打开 App 链路上报 open_app 事件（含结果）后，将按结果在此统计。</p>`;

    const rows = report.items.map((item) => {
      const itemTotal = item.depth.reduce((a, b) => a + b, 0);
      const deep = itemTotal ? ((item.depth[3] + item.depth[4]) / itemTotal) * 100 : 0;
      return `<tr data-post="${escapeHtml(item.post_id)}" data-title="${escapeHtml(item.title)}" tabindex="0">
<td class="title">${escapeHtml(item.title)}</td><td>${typeNames[item.content_type] || escapeHtml(item.content_type)}</td>
<td>${fmt(item.views)}</td><td>${fmt(item.reads)}</td><td>${item.reads ? secs(item.avg_read_seconds) : "—"}</td>
<td title="读到 75% 以上的阅读占比">${itemTotal ? `${deep.toFixed(0)}% 读完大半` : "—"}</td><td>${fmt(item.exposures)}</td>
<td>${pct(item.exposure_view_rate)}</td><td title="${escapeHtml(outcomesText(item.open_app))}">${outcomesTotal(item.open_app)}</td></tr>`;
    });
    $("items").querySelector("tbody").innerHTML = rows.length
      ? rows.join("")
      : `<tr><td colspan="9" class="hint">所选范围内暂无数据</td></tr>`;
  }

  function choose(row) {
    state.postId = row.dataset.post;
    state.postTitle = row.dataset.title;
    $("scope-title").textContent = `当前内容：${state.postTitle}`;
    show($("scope"), true);
    load();
    window.scrollTo(0, 0);
  }

  function init() {
    $("to").value = today();
    $("from").value = daysBefore(today(), 13);
    $("sign-in-form").addEventListener("submit", signIn);
    $("sign-out").addEventListener("click", signOut);
    $("filters").addEventListener("submit", (event) => {
      event.preventDefault();
      load();
    });
    $("scope-clear").addEventListener("click", () => {
      state.postId = null;
      show($("scope"), false);
      load();
    });
    $("items").addEventListener("click", (event) => {
      const row = event.target.closest("tr[data-post]");
      if (row) choose(row);
    });
    $("items").addEventListener("keydown", (event) => {
      const row = event.target.closest("tr[data-post]");
      if (row && event.key === "Enter") choose(row);
    });
    let resizing = 0;
    window.addEventListener("resize", () => {
      clearTimeout(resizing);
      resizing = setTimeout(() => {
        for (const p of state.plots) p.plot.setSize({ width: plotWidth(p.el), height: p.height });
      }, 100);
    });
    const on = document.body.dataset.signedIn === "1";
    signedIn(on);
    if (on) load();
  }

  init();
})();
