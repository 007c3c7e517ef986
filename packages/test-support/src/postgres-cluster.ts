/**
 * A throwaway PostgreSQL cluster: initdb into a temp dir and pg_ctl on a free loopback port, fsync off.
 * For the API test suite and the benchmark; as root, PostgreSQL's tools run as the postgres user.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.ts";

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  adminUrl: string;
  stop(): void;
}

function findPgBin(): string {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && existsSync(join(fromEnv, "initdb"))) return fromEnv;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = join(root, version, "bin");
    if (existsSync(join(bin, "initdb"))) return bin;
  }
  throw new Error("PostgreSQL server binaries not found: apt-get install postgresql (or set PG_BIN)");
}

/** PostgreSQL refuses to run as root: run its tools as the postgres user then. */
function run(bin: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${bin} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
}

/** `settings` are extra server settings, e.g. { shared_buffers: "256MB" } for large data. */
export async function startPostgresCluster(settings: Record<string, string> = {}): Promise<PostgresCluster> {
  const bin = findPgBin();
  const dir = mkdtempSync(join(tmpdir(), "davmu-pg-"));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
  const dataDir = join(dir, "data");
  const port = await freePort();
  run(join(bin, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale"]);
  const extra = Object.entries(settings)
    .map(([key, value]) => ` -c ${key}=${value}`)
    .join("");
  run(join(bin, "pg_ctl"), [
    "-D",
    dataDir,
    "-l",
    join(dir, "server.log"),
    "-w",
    "-t",
    "60",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off${extra}`,
    "start",
  ]);
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(join(bin, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
