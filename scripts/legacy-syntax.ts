/**
 * What WeChat's in-app browsers (Chrome 78 on Android, iOS 12 WKWebView) cannot run: syntax newer than
 * ES2019 (dynamic import() and import.meta are fine) and calls of built-ins they lack, found in a
 * script's syntax tree so strings and comments never count. Used by scripts/check-bundle.ts and by the
 * R-WEB-LEGACY test on the built client.
 */
import { type Node, parse } from "acorn";
import { ancestor } from "acorn-walk";

export interface LegacyProblem {
  /** Character offset in the source */
  offset: number;
  what: string;
}

type AnyNode = Node & Record<string, unknown>;

function isFunction(node: Node): boolean {
  return (
    node.type === "FunctionDeclaration" || node.type === "FunctionExpression" || node.type === "ArrowFunctionExpression"
  );
}

/** Methods missing on Chrome 78 / iOS 12 prototypes (no polyfill is shipped). */
const missingMethods: Record<string, string> = {
  replaceAll: "String.prototype.replaceAll",
  at: "Array.prototype.at / String.prototype.at",
  findLast: "Array.prototype.findLast",
  findLastIndex: "Array.prototype.findLastIndex",
};

/** Static functions missing there. */
const missingStatics: Record<string, string[]> = {
  Object: ["hasOwn"],
  Promise: ["any"],
};

const missingGlobals = ["structuredClone"];

function propertyName(member: AnyNode): string | null {
  const property = member.property as AnyNode;
  if (!member.computed && property.type === "Identifier") return property.name as string;
  if (member.computed && property.type === "Literal" && typeof property.value === "string") return property.value;
  return null;
}

function newerSyntax(node: AnyNode, ancestors: Node[]): string | null {
  switch (node.type) {
    case "ChainExpression":
      return "optional chaining (?.)";
    case "LogicalExpression":
      return node.operator === "??" ? "nullish coalescing (??)" : null;
    case "AssignmentExpression":
      return ["&&=", "||=", "??="].includes(node.operator as string) ? "logical assignment" : null;
    case "Literal":
      if (typeof node.bigint === "string") return "BigInt literal";
      return typeof node.raw === "string" && /^\d[\d_]*_/.test(node.raw) ? "numeric separator" : null;
    case "PropertyDefinition":
      return "class field";
    case "PrivateIdentifier":
      return "private class member";
    case "MethodDefinition":
      return (node.key as AnyNode).type === "PrivateIdentifier" ? "private class member" : null;
    case "MemberExpression":
      return (node.property as AnyNode).type === "PrivateIdentifier" ? "private class member" : null;
    case "BinaryExpression":
      return (node.left as AnyNode).type === "PrivateIdentifier" ? "private class member" : null;
    case "StaticBlock":
      return "class static block";
    case "AwaitExpression":
      return ancestors.some(isFunction) ? null : "top-level await";
    case "ForOfStatement":
      return node.await && !ancestors.some(isFunction) ? "top-level await" : null;
    case "CallExpression": {
      const callee = node.callee as AnyNode;
      if (callee.type === "Identifier" && missingGlobals.includes(callee.name as string)) {
        return `${callee.name}() (not in Chrome 78 / iOS 12)`;
      }
      if (callee.type !== "MemberExpression") return null;
      const name = propertyName(callee);
      if (name === null) return null;
      const object = callee.object as AnyNode;
      if (object.type === "Identifier" && missingStatics[object.name as string]?.includes(name)) {
        return `${object.name}.${name}() (not in Chrome 78 / iOS 12)`;
      }
      const method = Object.hasOwn(missingMethods, name) ? missingMethods[name] : undefined;
      return method ? `.${name}() — ${method} (not in Chrome 78 / iOS 12)` : null;
    }
    default:
      return null;
  }
}

/** Every construct of `source` (an ES module) that the target browsers lack; a parse failure is one problem. */
export function findLegacyProblems(source: string): LegacyProblem[] {
  let ast: Node;
  try {
    ast = parse(source, { ecmaVersion: "latest", sourceType: "module" });
  } catch (error) {
    const pos = (error as { pos?: number }).pos ?? 0;
    return [{ offset: pos, what: `does not parse: ${(error as Error).message}` }];
  }
  const problems: LegacyProblem[] = [];
  const visit = (node: Node, _state: unknown, ancestors: Node[]) => {
    const what = newerSyntax(node as AnyNode, ancestors.slice(0, -1));
    if (what) problems.push({ offset: node.start, what });
  };
  const visitors: Record<string, typeof visit> = {};
  for (const type of [
    "ChainExpression",
    "LogicalExpression",
    "AssignmentExpression",
    "Literal",
    "PropertyDefinition",
    "PrivateIdentifier",
    "MethodDefinition",
    "MemberExpression",
    "BinaryExpression",
    "StaticBlock",
    "AwaitExpression",
    "ForOfStatement",
    "CallExpression",
  ]) {
    visitors[type] = visit;
  }
  ancestor(ast, visitors);
  return problems.sort((a, b) => a.offset - b.offset);
}
