import { editorCommand } from "./command.ts";

/** `npm run editor -- …` (command.ts): the command on this process's arguments, environment and streams. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

process.exitCode = await editorCommand(process.argv.slice(2), {
  env: process.env,
  stdin: readStdin,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
