/**
 * Questions a module asks of a module above it. Modules import each other in one direction only
 * (docs/decisions/modules-abhaengigkeiten-ohne-kreis.md); where a module needs an answer that only
 * a module above it can give (is a location still someone's home? what is this person's vacation
 * account?), it declares the question as a hook and exports it from its index.ts, and the module
 * above answers it when it registers. The call stays typed and visible at both ends, and neither
 * module imports against the order.
 */
export interface Hook<F> {
  readonly name: string;
  /** Only carries the answer's type; never set. */
  readonly answerType?: F;
}

/** Declares a question; `F` is the type of the function that answers it. */
export function hook<F extends (...args: never[]) => unknown>(name: string): Hook<F> {
  return { name };
}

/** The answers of one app (in `Deps`): apps built side by side, as in the tests, share none. */
export interface Hooks {
  /** Gives the answer to a hook, once, while the modules register. */
  answer<F>(hook: Hook<F>, fn: F): void;
  /** The answer to a hook; throws when none was given (the answering module is not registered). */
  ask<F>(hook: Hook<F>): F;
}

export function createHooks(): Hooks {
  const answers = new Map<Hook<unknown>, unknown>();
  return {
    answer(hook, fn) {
      if (answers.has(hook)) throw new Error(`hook ${hook.name} is answered twice`);
      answers.set(hook, fn);
    },
    ask<F>(hook: Hook<F>) {
      if (!answers.has(hook)) throw new Error(`hook ${hook.name} has no answer: is the module that answers it registered?`);
      return answers.get(hook) as F;
    },
  };
}
