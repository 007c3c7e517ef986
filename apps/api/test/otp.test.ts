import { startFakeAliyunSms } from "@davmu/test-support/fake-aliyun-sms";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../src/db/migrate.ts";
import { createOtpService, OTP_TTL_MS } from "../src/modules/accounts/otp.ts";
import { createAliyunSms, type SmsSender } from "../src/modules/accounts/sms.ts";
import { createTestDatabase, type TestDatabase } from "./helper.ts";

const limits = { otpPerPhonePerDay: 10, otpPerIpPerHour: 100, otpPerDevicePerDay: 100 };

describe("SMS codes over time and through the provider", () => {
  let database: TestDatabase;
  let provider: Awaited<ReturnType<typeof startFakeAliyunSms>>;
  let sms: SmsSender;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.handle.db);
    provider = await startFakeAliyunSms({ accessKeyId: "id-1", accessKeySecret: "secret-1" });
    sms = createAliyunSms({
      transport: "aliyun",
      endpoint: provider.endpoint,
      accessKeyId: "id-1",
      accessKeySecret: "secret-1",
      signName: "江澜新闻",
      templateCode: "SMS_1",
      timeoutMs: 2000,
    });
  });
  afterAll(async () => {
    await provider.close();
    await database.drop();
  });

  function service(clock: { now: number }, sender = sms) {
    return createOtpService({ db: database.handle.db, secret: "s", limits, sms: sender, now: () => clock.now });
  }

  it("R-SEC-OTP-3 the Alibaba Cloud adapter sends a signed SendSms that the provider accepts", async () => {
    const clock = { now: Date.now() };
    await service(clock).send({ phone: "13600000001", ip: "1.1.1.1", deviceId: null });
    const message = provider.messages[0];
    expect(message?.tel).toBe("13600000001");
    expect(message?.code).toMatch(/^\d{6}$/);
    expect(message?.params).toMatchObject({
      SignName: "江澜新闻",
      TemplateCode: "SMS_1",
      SignatureMethod: "HMAC-SHA1",
    });
  });

  it("R-SEC-OTP-3 a wrong secret is refused by the provider and the visitor gets 503, the code unusable", async () => {
    const clock = { now: Date.now() };
    const badSms = createAliyunSms({
      transport: "aliyun",
      endpoint: provider.endpoint,
      accessKeyId: "id-1",
      accessKeySecret: "wrong",
      signName: "江澜新闻",
      templateCode: "SMS_1",
      timeoutMs: 2000,
    });
    await expect(
      service(clock, badSms).send({ phone: "13600000002", ip: "1.1.1.1", deviceId: null }),
    ).rejects.toMatchObject({
      status: 503,
      message: "短信发送失败，请稍后重试",
    });
    const rows = await database.handle.db
      .selectFrom("otp_codes")
      .selectAll()
      .where("phone", "=", "13600000002")
      .execute();
    expect(rows.every((r) => r.consumed_at !== null)).toBe(true);
  });

  it("R-SEC-OTP-3 provider flow control is a 503 too", async () => {
    provider.failNext(1);
    await expect(
      service({ now: Date.now() }).send({ phone: "13600000003", ip: "1.1.1.1", deviceId: null }),
    ).rejects.toMatchObject({ status: 503 });
  });

  it("R-SEC-OTP-1 a code expires after 5 minutes", async () => {
    const clock = { now: Date.now() };
    const otp = service(clock);
    await otp.send({ phone: "13600000004", ip: "1.1.1.1", deviceId: null });
    const code = provider.latestCode("13600000004") as string;
    clock.now += OTP_TTL_MS + 1;
    await expect(otp.verify("13600000004", code)).rejects.toMatchObject({ message: "验证码已失效，请重新获取" });
  });

  it("R-SEC-OTP-1 a code still works just before 5 minutes; a newer code replaces the older", async () => {
    const clock = { now: Date.now() };
    const otp = service(clock);
    await otp.send({ phone: "13600000005", ip: "1.1.1.1", deviceId: null });
    const first = provider.latestCode("13600000005") as string;
    clock.now += 61_000;
    await otp.send({ phone: "13600000005", ip: "1.1.1.1", deviceId: null });
    const second = provider.latestCode("13600000005") as string;
    if (first !== second) {
      await expect(otp.verify("13600000005", first)).rejects.toMatchObject({ status: 400 });
    }
    clock.now += OTP_TTL_MS - 1000;
    await expect(otp.verify("13600000005", second)).resolves.toBeUndefined();
  });

  it("R-SEC-OTP-2 after 60 s the same phone may ask again", async () => {
    const clock = { now: Date.now() };
    const otp = service(clock);
    await otp.send({ phone: "13600000006", ip: "1.1.1.1", deviceId: null });
    clock.now += 30_000;
    await expect(otp.send({ phone: "13600000006", ip: "1.1.1.1", deviceId: null })).rejects.toMatchObject({
      status: 429,
      message: "发送过于频繁，请30秒后再试",
    });
    clock.now += 30_001;
    await expect(otp.send({ phone: "13600000006", ip: "1.1.1.1", deviceId: null })).resolves.toEqual({
      resendAfter: 60,
      expiresIn: 300,
    });
  });
});
