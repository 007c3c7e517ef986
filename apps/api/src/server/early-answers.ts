import type { IncomingMessage, ServerResponse } from "node:http";
import type { EarlyAnswer, EarlyAnswerOptions } from "../lib/early-answer.ts";

/**
 * The early-answer chain: kept pages (apps/web/server/), kept content answers and the tracking beacon
 * are answered from the server's request event, before Fastify (lib/early-answer.ts), in this order.
 */
export function earlyAnswerChain(hostHeaders: readonly string[]) {
  const answers: EarlyAnswer[] = [];
  return {
    /** True when an answer in the chain answered the request. */
    answer(req: IncomingMessage, res: ServerResponse): boolean {
      for (const answer of answers) if (answer(req, res)) return true;
      return false;
    },
    /** What a module answering early is given: its answer joins the end of the chain. */
    options(): EarlyAnswerOptions {
      return {
        installEarlyAnswer: (answer) => {
          answers.push(answer);
        },
        hostHeaders,
      };
    },
    /** Puts an answer at the head of the chain (the site's kept pages). */
    first(answer: EarlyAnswer) {
      answers.unshift(answer);
    },
  };
}

export type EarlyAnswerChain = ReturnType<typeof earlyAnswerChain>;
