/**
 * The product as several machines run it, on loopback (R-SCALE-1): a throwaway PostgreSQL cluster,
 * Redis, N instances of `apps/api/src/main.ts` sharing both, and nginx in front. The schema is
 * migrated and the demo data loaded once, before the instances start (one migration step).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "@davmu/test-support/free-port";
import { type Child, root, startInstance, startNginx, startRedis } from "@davmu/test-support/launch";
import { type PostgresCluster, startPostgresCluster } from "@davmu/test-support/postgres-cluster";
import pg from "pg";

export interface Instance {
  port: number;
  origin: string;
  child: Child;
  env: Record<string, string>;
}

export interface Cluster {
  postgres: PostgresCluster;
  databaseUrl: string;
  redis: Awaited<ReturnType<typeof startRedis>>;
  instances: Instance[];
  nginx: Awaited<ReturnType<typeof startNginx>>;
  /** Starts instance `index` again on its port, with its environment. */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  instances?: number;
  /** nginx's port (default: a free one). */
  port?: number;
  /** Extra environment of every instance. */
  env?: Record<string, string>;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  // the site and the newsroom console it serves (decision 050)
  if (!["apps/web/build/server/index.js", "apps/console/build/index.html"].every((f) => existsSync(join(root, f)))) {
    const built = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) throw new Error("building the site and the console failed");
  }
  // commits acknowledged as production acknowledges them (written before the answer): the fault
  // suite's immediate restarts would otherwise lose the last ones and count them against the product
  const postgres = await startPostgresCluster({ max_connections: "200", synchronous_commit: "on" });
  const stops: (() => Promise<unknown> | unknown)[] = [() => postgres.stop()];
  try {
    const admin = new pg.Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    await admin.query("create database davmu");
    await admin.end();
    const databaseUrl = postgres.adminUrl.replace(/\/[^/]*$/, "/davmu");

    // one migration step and the demo data, before any instance starts
    const seeded = spawnSync(process.execPath, ["tools/demo/src/seed-cli.ts"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: "utf8",
    });
    if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stdout}\n${seeded.stderr}`);

    const redis = await startRedis();
    stops.unshift(() => redis.child.stop());
    const nginxPort = options.port ?? (await freePort());
    const ports = await Promise.all(Array.from({ length: options.instances ?? 2 }, () => freePort()));
    const instances: Instance[] = [];
    for (const port of ports) {
      const env = {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        TRUST_PROXY: "127.0.0.1",
        PUBLIC_ORIGIN: `http://127.0.0.1:${nginxPort}`,
        HASHID_SALT: process.env.HASHID_SALT ?? "",
        ...options.env,
      };
      const started = await startInstance(env, port);
      instances.push({ ...started, env });
      stops.unshift(() => started.child.stop());
    }
    const nginx = await startNginx(ports, nginxPort);
    stops.unshift(() => nginx.stop("SIGQUIT"));
    return {
      postgres,
      databaseUrl,
      redis,
      instances,
      nginx,
      async restart(index) {
        const instance = instances[index] as Instance;
        const started = await startInstance(instance.env, instance.port);
        instance.child = started.child;
        stops.unshift(() => started.child.stop());
      },
      async stop() {
        for (const stop of stops) await stop();
      },
    };
  } catch (error) {
    for (const stop of stops) await stop();
    throw error;
  }
}
