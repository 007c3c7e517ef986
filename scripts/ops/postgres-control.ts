/**
 * Faults of a running PostgreSQL cluster for the fault suite: stop it, start it again with the
 * options it ran with (postmaster.opts), freeze and thaw its processes (SIGSTOP/SIGCONT).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import pg from "pg";

function run(bin: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { encoding: "utf8", timeout: 60000 });
  if (result.status !== 0) throw new Error(`${bin} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
}

export async function postgresControl(adminUrl: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const dataDir = (await client.query("show data_directory")).rows[0].data_directory as string;
  await client.end();
  // the command line it was started with: "/usr/lib/postgresql/N/bin/postgres" "-D" "…" "-p" "…" …
  const opts = readFileSync(join(dataDir, "postmaster.opts"), "utf8").trim();
  const words = [...opts.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => (m[1] ?? m[2]) as string);
  const postgresBin = words[0] as string;
  const pgCtl = join(dirname(postgresBin), "pg_ctl");
  const serverOptions = words
    .slice(1)
    .filter((_, i, all) => !(all[i] === "-D" || all[i - 1] === "-D"))
    .map((word) => (/\s/.test(word) ? `"${word}"` : word))
    .join(" ");

  const processes = (): number[] => {
    const postmaster = Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    const children = spawnSync("pgrep", ["-P", String(postmaster)], { encoding: "utf8" })
      .stdout.split("\n")
      .filter(Boolean)
      .map(Number);
    return [postmaster, ...children];
  };

  return {
    stop() {
      run(pgCtl, ["-D", dataDir, "-m", "fast", "-w", "-t", "30", "stop"]);
    },
    start() {
      run(pgCtl, [
        "-D",
        dataDir,
        "-l",
        join(dirname(dataDir), "server.log"),
        "-w",
        "-t",
        "60",
        "-o",
        serverOptions,
        "start",
      ]);
    },
    /**
     * Restarts the server in immediate mode, as a crash would: every backend is ended at once without
     * a goodbye to its client, and the server recovers from its write-ahead log on start.
     */
    restartImmediately() {
      run(pgCtl, [
        "-D",
        dataDir,
        "-l",
        join(dirname(dataDir), "server.log"),
        "-m",
        "immediate",
        "-w",
        "-t",
        "60",
        "-o",
        serverOptions,
        "restart",
      ]);
    },
    /** Freezes the server and its backends; answers the thaw. */
    freeze(): () => void {
      const pids = processes();
      for (const pid of pids) process.kill(pid, "SIGSTOP");
      return () => {
        for (const pid of pids) process.kill(pid, "SIGCONT");
      };
    },
  };
}
