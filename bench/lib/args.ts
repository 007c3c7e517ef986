/** What the benches share to start: their command line, and an anonymous visitor's token. */

/** `--name=value` arguments (a bare `--name` is "true"), by name. */
export function commandLine(argv: readonly string[] = process.argv.slice(2)): Map<string, string> {
  return new Map(
    argv.map((a) => {
      const [key, value] = a.replace(/^--/, "").split("=");
      return [key as string, value ?? "true"];
    }),
  );
}

/** An anonymous session's token from the API at `origin`, as the site's pages get one. */
export async function anonymousToken(origin: string, deviceId: string): Promise<string> {
  const answer = await fetch(`${origin}/peony/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appid: 1, platform: "wap", device_id: deviceId }),
  });
  return ((await answer.json()) as { data: { token: string } }).data.token;
}
