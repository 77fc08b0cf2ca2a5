import { useRef } from 'react';
import { useForm, type UseFormInput } from '@mantine/form';
import { errorMessage, isSessionLost } from '../api/client.ts';
import { changedFields, errorsAfterChange, errorsMessage, firstProblemOf, problemErrors, stillFailing, type FieldErrors } from './form-problem.ts';

export interface CheckedFormInput<V> extends Pick<UseFormInput<V>, 'onValuesChange'> {
  initialValues: V;
  /**
   * Every failing field with its message, in the order the rules run (see zodResolver,
   * allProblems; combineProblems and fileProblems for rules beside the schema). Read anew on
   * every check, so it may use what the form knows besides its values.
   */
  validate: (values: V) => FieldErrors;
  /**
   * The form names one problem at a time, as the spec's form does: the first failing rule's
   * message on every field it concerns. `true` takes the order of `validate`; a list of fields
   * puts theirs first, in that order (a rule outside the schema between two of its fields).
   * A fixed problem goes at once, the next one is named by the next save. Without this, every
   * problem is named at once.
   */
  oneAtATime?: true | readonly string[];
  /**
   * Fields that show their message under themselves instead of only being marked, or 'all'; their
   * messages are not listed above the buttons (a message of no field or of another field is).
   */
  messagesUnder?: 'all' | readonly string[];
  /** The messages under fields are listed above the buttons as well: a field may be on a tab out of sight. */
  listEveryMessage?: boolean;
}

/**
 * A form on @mantine/form as the portal's forms behave: saving checks every field at once,
 * marks each failing one red and lists their messages above the buttons (`message`, one per
 * line); while problems are shown the form checks itself on every change, so a fixed field loses
 * its mark and its message at once. A refusal of the server shows the same way and stays on the fields
 * it names until they change. See CheckedFormInput for forms that name one problem at a time or
 * show messages under their fields.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in the constraint of useForm: interfaces (without an index signature) fit it too.
export function useCheckedForm<V extends Record<string, any>>(input: CheckedFormInput<V>) {
  const { initialValues, messagesUnder = [], listEveryMessage = false } = input;
  // The latest options: a check uses what the form knows now (the item edited, the chosen file).
  const latest = useRef(input);
  latest.current = input;
  // The refusal of the last save (server or own check), kept on its fields until they change.
  const refusal = useRef<FieldErrors>({});
  const check = (values: V): FieldErrors => {
    const { validate, oneAtATime } = latest.current;
    const errors = validate(values);
    return oneAtATime ? firstProblemOf(errors, oneAtATime === true ? [] : oneAtATime) : errors;
  };
  const under = (field: string) => messagesUnder === 'all' || messagesUnder.includes(field);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: (values) => {
      refusal.current = {};
      return check(values);
    },
    clearInputErrorOnChange: false,
    onValuesChange: (values, previous) => {
      latest.current.onValuesChange?.(values, previous);
      // Only while problems are shown: a fresh or reset form is not judged while it is filled in.
      if (errorsMessage(form.errors) === null) return;
      const now = latest.current.oneAtATime ? stillFailing(latest.current.validate(values), form.errors) : check(values);
      form.setErrors(errorsAfterChange(now, refusal.current, changedFields(values, previous)));
    },
    // The messages are listed above the buttons; the fields are only marked, or show their own.
    enhanceGetInputProps: ({ inputProps, field }) => ({ error: inputProps.error ? (under(String(field)) ? inputProps.error : true) : undefined }),
  });
  /** Shows a problem: a message and the fields it concerns (marked until they change). */
  const fail = (message: string, fields: readonly string[] = []) => {
    refusal.current = problemErrors({ message, fields: [...fields] });
    form.setErrors(refusal.current);
  };
  const listed = Object.fromEntries(Object.entries(form.errors).filter(([field]) => listEveryMessage || !under(field)));
  return {
    form,
    values: form.values,
    /** The messages above the buttons, one per line, or null. */
    message: errorsMessage(listed),
    /** Whether a field is marked: `error={invalid('name')}` on inputs not wired by getInputProps. */
    invalid: (...fields: string[]) => (fields.some((field) => form.errors[field]) ? true : undefined),
    /** The error of an input not wired by getInputProps: its message where it shows one, else a mark. */
    fieldError: (field: string) => {
      const error = form.errors[field];
      if (!error) return undefined;
      return under(field) ? String(error) : true;
    },
    fail,
    /** A refused save: the server's message (a lost session has its own notice). */
    refused: (error: unknown, fieldsOf: (message: string) => readonly string[] = () => []) => {
      if (isSessionLost(error)) return;
      const message = errorMessage(error);
      fail(message, fieldsOf(message));
    },
    /** Starts over from these values (a dialog opened again): no marks, no messages. */
    reset: (values: V) => {
      refusal.current = {};
      form.setInitialValues(values);
      form.setValues(values);
      form.clearErrors();
      form.resetDirty(values);
    },
  };
}

/** The @mantine/form form of useCheckedForm, for blocks of fields that take it. */
export type CheckedForm<V extends Record<string, unknown>> = ReturnType<typeof useCheckedForm<V>>['form'];
