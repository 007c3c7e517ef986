import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/**
 * Whether an editor's new password is too easy to guess (ASVS 6.2.4): zxcvbn's estimate over the
 * language-common lists (common passwords, diceware words), keyboard walks, sequences and repeats, and
 * the words of the account itself (its email, name) and of the product. A score under 3 ("safely unguessable"
 * needs about 10^8 guesses or more) is refused: `123456789012` and `password1234` are 1.
 */
let estimator: ZxcvbnFactory | undefined;

/** Only the first characters are weighed: the estimate's time grows fast with repeats in long inputs. */
const weighed = 64;
const productWords = ["davmu", "jianglan", "editor", "console", "newsroom"];

export function weakPassword(password: string, account: { email: string; name?: string }): boolean {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  const [local = ""] = account.email.split("@");
  const words = [account.email, local, ...(account.name ? [account.name] : []), ...productWords];
  return estimator.check(password.slice(0, weighed), words).score < 3;
}

export const weakPasswordMessage = "密码太常见或太容易猜到：请换一个更长、更少见的密码";
