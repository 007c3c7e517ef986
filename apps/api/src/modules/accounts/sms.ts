import { createHmac, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { SmsConfig } from "../../plugins/config.ts";

/** Delivers a login code to a phone; throws when the provider refuses or cannot be reached. */
export interface SmsSender {
  readonly name: string;
  send(phone: string, code: string): Promise<void>;
}

export interface OutboxEntry {
  tel: string;
  code: string;
  sent_at: string;
}

/**
 * Development transport: the code goes to the server log and to an in-memory outbox that the
 * development-only endpoint `/dev/sms-outbox` reads. Configuration refuses it in production.
 */
export function createDevSms(log: FastifyBaseLogger, capacity = 200) {
  const entries: OutboxEntry[] = [];
  return {
    name: "dev",
    async send(phone: string, code: string) {
      log.info({ tel: phone, code }, "development SMS: login code");
      entries.unshift({ tel: phone, code, sent_at: new Date().toISOString() });
      entries.length = Math.min(entries.length, capacity);
    },
    /** Newest first, optionally for one phone. */
    outbox(tel?: string): OutboxEntry[] {
      return tel ? entries.filter((e) => e.tel === tel) : [...entries];
    },
  };
}
export type DevSms = ReturnType<typeof createDevSms>;

/** Percent-encoding of Alibaba Cloud's RPC signature (RFC 3986, space as %20). */
export function aliyunEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Signature of an Alibaba Cloud RPC call: HMAC-SHA1 over the sorted, encoded parameters. */
export function aliyunSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${aliyunEncode(key)}=${aliyunEncode(params[key] as string)}`)
    .join("&");
  const stringToSign = `${method}&${aliyunEncode("/")}&${aliyunEncode(canonical)}`;
  return createHmac("sha1", `${secret}&`).update(stringToSign).digest("base64");
}

type AliyunConfig = Extract<SmsConfig, { transport: "aliyun" }>;

/** Alibaba Cloud SMS (dysmsapi SendSms, API version 2017-05-25). */
export function createAliyunSms(config: AliyunConfig, doFetch: typeof fetch = fetch): SmsSender {
  return {
    name: "aliyun",
    async send(phone, code) {
      const params: Record<string, string> = {
        AccessKeyId: config.accessKeyId,
        Action: "SendSms",
        Format: "JSON",
        PhoneNumbers: phone,
        RegionId: "cn-hangzhou",
        SignName: config.signName,
        SignatureMethod: "HMAC-SHA1",
        SignatureNonce: randomUUID(),
        SignatureVersion: "1.0",
        TemplateCode: config.templateCode,
        TemplateParam: JSON.stringify({ code }),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
        Version: "2017-05-25",
      };
      const body = new URLSearchParams({
        ...params,
        Signature: aliyunSignature("POST", params, config.accessKeySecret),
      });
      const response = await doFetch(`${config.endpoint}/`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      const answer = (await response.json().catch(() => null)) as { Code?: string; Message?: string } | null;
      if (!response.ok || answer?.Code !== "OK") {
        throw new Error(
          `aliyun SendSms failed: HTTP ${response.status} ${answer?.Code ?? ""} ${answer?.Message ?? ""}`,
        );
      }
    },
  };
}
