/**
 * `npm run cluster`: the product on several machines, on this one (README "Running on several
 * machines"): a throwaway PostgreSQL cluster with the demo data, Redis, two instances and nginx in
 * front, all on loopback. Ctrl-C stops everything and removes the database.
 * Usage: npm run cluster [-- --instances 3 --port 8080]
 */
import { startCluster } from "./ops/cluster.ts";

const option = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : undefined;
};

const cluster = await startCluster({ instances: option("instances") ?? 2, port: option("port") });
console.log(`PostgreSQL  ${cluster.databaseUrl}`);
console.log(`Redis       ${cluster.redis.url}`);
for (const [i, instance] of cluster.instances.entries()) console.log(`instance ${i + 1}  ${instance.origin}`);
console.log(`nginx       ${cluster.nginx.origin}/davmu/share/   (Ctrl-C stops everything)`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log("stopping…");
  await cluster.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
// an instance that dies is reported; the others and nginx keep serving
for (const [i, instance] of cluster.instances.entries()) {
  instance.child.process.once("exit", (code) => {
    if (!stopping) console.error(`instance ${i + 1} exited (${code}):\n${instance.child.output().slice(-2000)}`);
  });
}
