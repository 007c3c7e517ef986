import { readFileSync } from "node:fs";
import { hydrated, phoneContext, shot } from "@davmu/test-support/browser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymousToken, expectToast, logInThroughPopup } from "./accounts.ts";
import { axeViolations } from "./content-pages.ts";
import { editorHeaders } from "./editor-session.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;
const editorKey = site.editorApiKey;
const photo = readFileSync(new URL("../../api/demo-media/covers/article-03.jpg", import.meta.url));

/** The demo form's page, from the content list (its share link). */
async function demoFormLink(): Promise<{ url: string; postId: string }> {
  const list = await fetch(`${origin}/peony/v1/content?pagesize=50`, {
    headers: { authorization: await anonymousToken() },
  }).then((r) => r.json());
  const item = (list.data.list as Array<{ content_type: string; content_link: string; post_id: string }>).find(
    (i) => i.content_type === "cloud_form",
  );
  if (!item) throw new Error("the demo has no form");
  return { url: new URL(item.content_link, origin).toString(), postId: item.post_id };
}

/**
 * The page started and the form's island hydrated: the form is an island woken as it nears the view
 * (decision 060), and what is typed into it before that is the server's inputs', not the form's.
 */
async function formReady(page: Page) {
  await hydrated(page);
  await page.locator('davmu-island[data-island="cloud-form"][data-awake]').waitFor({ state: "attached" });
}

const field = (page: Page, key: string) => page.locator(`[data-field="${key}"]`);
const message = (page: Page, key: string) => field(page, key).locator(".form-error");

/** A new cloud_form item made a form through the editors' API; answers its page's address. */
async function editorsForm(externalId: string, settings: Record<string, unknown>): Promise<string> {
  const headers = { "content-type": "application/json", "x-api-key": editorKey };
  const imported = await fetch(`${origin}/editor/v1/contents`, {
    method: "POST",
    headers,
    body: JSON.stringify([
      {
        external_id: externalId,
        content_type: "cloud_form",
        title: "问卷｜你心目中的江澜夜市",
        summary: "",
        source_alias: "江澜新闻",
        body_html: "<p>花一分钟，说说你常去的夜市。</p>",
        publish_at: new Date().toISOString(),
      },
    ]),
  }).then((r) => r.json());
  const postId = imported.data.items[0].post_id as string;
  const fields = [
    {
      key: "market",
      label: "最常去的夜市",
      type: "choice",
      required: true,
      multiple: false,
      options: ["老街夜市", "滨江夜市"],
    },
    { key: "wish", label: "希望增加什么", type: "text", required: false, max_length: 50 },
  ];
  const defined = await fetch(`${origin}/editor/v1/form/${postId}`, {
    method: "PUT",
    headers: { ...headers, ...(await editorHeaders(origin)) },
    body: JSON.stringify({ fields, deadline: null, login_required: false, ...settings }),
  }).then((r) => r.json());
  if (defined.code !== 0) throw new Error(`form definition refused: ${JSON.stringify(defined)}`);
  const item = await fetch(`${origin}/inner/static/content/${postId}`, {
    headers: { authorization: await anonymousToken() },
  }).then((r) => r.json());
  return new URL(item.data.content_link, origin).toString();
}

describe("cloud form page", () => {
  let browser: Browser;
  let form: { url: string; postId: string };
  beforeAll(async () => {
    browser = await connectBrowser();
    form = await demoFormLink();
  });
  afterAll(() => browser?.close());

  it("R-FORM-1 the form page shows a message by each bad field, keeps what was typed across a reload and the login, submits once and then says it was submitted", async () => {
    expect(form.url).toMatch(/\/davmu\/share\/news\/form\/\d{4}\/\d{2}\/[A-Za-z0-9]+\/index\.html$/);
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const response = await page.goto(form.url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await formReady(page);
    for (const key of ["name", "phone", "session", "skills", "birthday", "photo", "reason"]) {
      expect(await field(page, key).count(), key).toBe(1);
    }
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `form/form-empty`);

    // bad answers: each field says what is wrong, before anything is sent
    await page.getByLabel("姓名").fill("林");
    await page.locator("#form-field-phone").fill("12345");
    await page.getByRole("button", { name: "提交" }).click();
    await expectToast(page, "有4项需要修改");
    expect(await message(page, "name").textContent()).toBe("至少填写2个字");
    expect(await message(page, "phone").textContent()).toBe("请输入正确的手机号");
    expect(await message(page, "session").textContent()).toBe("请选择");
    expect(await message(page, "birthday").textContent()).toBe("请填写此项");
    expect(await page.getByLabel("姓名").getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("form-field-name");
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `form/form-errors`);

    // good answers; a message goes away once its answer passes
    await page.getByLabel("姓名").fill("林小满");
    expect(await message(page, "name").count()).toBe(0);
    await page.locator("#form-field-phone").fill("13912345678");
    await page.getByLabel("12月6日 下午（观鸟讲解）").check();
    await page.getByLabel("摄影记录").check();
    await page.getByLabel("急救常识").check();
    await page.getByLabel("出生日期").fill("1996-05-20");
    await page.locator("#form-field-photo").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
    await field(page, "photo").locator("img").waitFor({ timeout: 5000 });
    await page.getByLabel("想说的话（选填）").fill("周末有空，想为湿地做点事。");

    // a reload at once keeps everything typed, the last words too (session storage)
    await page.reload();
    await formReady(page);
    await expect.poll(() => page.getByLabel("姓名").inputValue(), { timeout: 5000 }).toBe("林小满");
    expect(await page.getByLabel("想说的话（选填）").inputValue()).toBe("周末有空，想为湿地做点事。");
    expect(await page.getByLabel("12月6日 下午（观鸟讲解）").isChecked()).toBe(true);
    expect(await page.getByLabel("急救常识").isChecked()).toBe(true);
    expect(await page.getByLabel("出生日期").inputValue()).toBe("1996-05-20");
    expect(await field(page, "photo").locator("img").count()).toBe(1);

    // the form asks for login: the answers stay through it
    await page.getByRole("button", { name: "提交" }).click();
    await logInThroughPopup(page, "13900005151");
    expect(await page.getByLabel("姓名").inputValue()).toBe("林小满");
    await page.getByRole("button", { name: "提交" }).click();
    await expectToast(page, "提交成功");
    await page.getByRole("heading", { name: "您已提交过此表单" }).waitFor({ timeout: 5000 });
    expect(await axeViolations(page)).toEqual([]);

    // and after a reload, from the reader's own answer
    await page.reload();
    await formReady(page);
    await page.getByRole("heading", { name: "您已提交过此表单" }).waitFor({ timeout: 8000 });
    expect(await page.locator(".form-submit").count()).toBe(0);
    await shot(page, `form/form-submitted`);
    await context.close();

    const list = await fetch(`${origin}/editor/v1/form/${form.postId}/submissions`, {
      headers: await editorHeaders(origin),
    }).then((r) => r.json());
    expect(list.data.list[0].answers).toMatchObject({
      name: "林小满",
      phone: "13912345678",
      session: ["12月6日 下午（观鸟讲解）"],
      skills: ["摄影记录", "急救常识"],
      birthday: "1996-05-20",
      photo: expect.stringMatching(/^\/media\/form-uploads\/\d{6}\/[0-9a-f]{32}\.jpg$/),
      reason: "周末有空，想为湿地做点事。",
    });
  });

  it("R-FORM-1 the form asks the API once for this visitor's state, once the session is known", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "GET" && new URL(request.url()).pathname === `/peony/v1/form/${form.postId}`)
        asked.push(request.url());
    });
    await page.goto(form.url);
    await formReady(page);
    await page.locator("html[data-session]").waitFor({ state: "attached" });
    await expect.poll(() => asked.length, { timeout: 5000 }).toBe(1);
    // nothing more comes by itself (before, a second request followed the session's check)
    await page.waitForTimeout(1500);
    expect(asked).toHaveLength(1);
    await context.close();
  });

  it("R-FORM-1 the API's field messages (422) are shown by their fields, and nothing typed is lost", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // the server refuses what the page let through: its messages land by the fields
    await page.route("**/peony/v1/form/*/submit", (route) =>
      route.fulfill({
        status: 422,
        contentType: "application/json",
        body: JSON.stringify({ code: 422, msg: "有1项填写不正确", data: { errors: { phone: "请输入正确的手机号" } } }),
      }),
    );
    await page.goto(form.url);
    await formReady(page);
    await page.getByLabel("姓名").fill("陈一");
    await page.locator("#form-field-phone").fill("13912340000");
    await page.getByLabel("12月13日 全天（垃圾清理）").check();
    await page.getByLabel("出生日期").fill("1988-01-02");
    await page.getByRole("button", { name: "提交" }).click();
    await logInThroughPopup(page, "13900005152");
    await page.getByRole("button", { name: "提交" }).click();
    await expectToast(page, "有1项填写不正确");
    expect(await message(page, "phone").textContent()).toBe("请输入正确的手机号");
    expect(await page.getByLabel("姓名").inputValue()).toBe("陈一");
    await context.close();
  });

  it("R-FORM-1 a form open to anonymous visitors takes one answer without login; a closed form says so and takes none", async () => {
    const open = await editorsForm("e2e-form-anonymous", {});
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(open);
    await formReady(page);
    expect(await page.locator(".form-login-note").count()).toBe(0);
    await page.getByLabel("滨江夜市").check();
    await page.getByRole("button", { name: "提交" }).click();
    await expectToast(page, "提交成功");
    await page.getByRole("heading", { name: "您已提交过此表单" }).waitFor({ timeout: 5000 });
    await page.reload();
    await formReady(page);
    await page.getByRole("heading", { name: "您已提交过此表单" }).waitFor({ timeout: 8000 });

    const closed = await editorsForm("e2e-form-closed", { closed: true });
    await page.goto(closed);
    await formReady(page);
    expect(await page.locator(".form-closed").textContent()).toBe("表单已关闭，不再接受提交");
    expect(await page.locator(".form-submit").isDisabled()).toBe(true);
    expect(await page.getByLabel("老街夜市").isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `form/form-closed`);
    const ended = await editorsForm("e2e-form-ended", { deadline: new Date(Date.now() - 60_000).toISOString() });
    await page.goto(ended);
    expect(await page.locator(".form-closed").textContent()).toBe("表单已截止，不再接受提交");
    await context.close();
  });
});
