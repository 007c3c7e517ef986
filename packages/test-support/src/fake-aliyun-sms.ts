import { createServer, type Server } from "node:http";
import { aliyunSignature } from "@davmu/api/modules/accounts/sms";

export interface FakeSmsMessage {
  tel: string;
  code: string;
  sent_at: string;
  params: Record<string, string>;
}

/**
 * A stand-in for Alibaba Cloud's SMS endpoint on loopback: it checks the request the way the
 * provider does (action, version, key id, signature) and keeps what it "delivered".
 * `GET /outbox?tel=` answers the delivered codes, newest first, in the API's envelope.
 */
export async function startFakeAliyunSms(opts: { accessKeyId: string; accessKeySecret: string }) {
  const messages: FakeSmsMessage[] = [];
  let failNext = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && url.pathname === "/outbox") {
      const tel = url.searchParams.get("tel");
      const list = messages.filter((m) => !tel || m.tel === tel).map(({ params: _p, ...m }) => m);
      return answer(200, { code: 0, msg: "ok", data: { list } });
    }
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const params = Object.fromEntries(new URLSearchParams(raw));
      const { Signature: signature, ...signed } = params;
      if (signed.Action !== "SendSms" || signed.Version !== "2017-05-25") {
        return answer(400, { Code: "InvalidAction", Message: "unknown action" });
      }
      if (signed.AccessKeyId !== opts.accessKeyId) {
        return answer(404, { Code: "InvalidAccessKeyId.NotFound", Message: "key id" });
      }
      if (signature !== aliyunSignature("POST", signed, opts.accessKeySecret)) {
        return answer(400, { Code: "SignatureDoesNotMatch", Message: "signature" });
      }
      if (failNext > 0) {
        failNext -= 1;
        return answer(200, { Code: "isv.BUSINESS_LIMIT_CONTROL", Message: "flow control" });
      }
      const code = (JSON.parse(signed.TemplateParam ?? "{}") as { code?: string }).code ?? "";
      messages.unshift({ tel: signed.PhoneNumbers ?? "", code, sent_at: new Date().toISOString(), params: signed });
      return answer(200, { Code: "OK", Message: "OK", RequestId: "fake", BizId: String(messages.length) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const endpoint = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    endpoint,
    messages,
    /** The provider refuses the next n sends (flow control). */
    failNext(n: number) {
      failNext = n;
    },
    latestCode: (tel: string) => messages.find((m) => m.tel === tel)?.code,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
