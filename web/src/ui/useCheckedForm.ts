import { useRef } from 'react';
import { useForm, type UseFormInput } from '@mantine/form';
import { errorMessage, isSessionLost } from '../api/client.ts';
import { changedFields, errorsAfterChange, errorsMessage, problemErrors, type FieldErrors } from './form-problem.ts';

export interface CheckedFormInput<V> extends Pick<UseFormInput<V>, 'onValuesChange'> {
  initialValues: V;
  /** Every failing field with its message (see zodResolver, allProblems). */
  validate: (values: V) => FieldErrors;
}

/**
 * A form on @mantine/form as the portal's forms behave: saving checks every field at once,
 * marks each failing one red and lists their messages above the buttons (`message`, one per
 * line); while problems are shown the form checks itself on every change, so a fixed field loses
 * its mark and its message at once. A refusal of the server shows the same way and stays on the fields
 * it names until they change.
 */
// `any` as in the constraint of useForm: interfaces (without an index signature) fit it too.
export function useCheckedForm<V extends Record<string, any>>({ initialValues, validate, onValuesChange }: CheckedFormInput<V>) {
  // The refusal of the last save (server or own check), kept on its fields until they change.
  const refusal = useRef<FieldErrors>({});
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: (values) => {
      refusal.current = {};
      return validate(values);
    },
    clearInputErrorOnChange: false,
    onValuesChange: (values, previous) => {
      onValuesChange?.(values, previous);
      // Only while problems are shown: a fresh or reset form is not judged while it is filled in.
      if (errorsMessage(form.errors) !== null) form.setErrors(errorsAfterChange(validate(values), refusal.current, changedFields(values, previous)));
    },
    // The messages are listed above the buttons; the fields are only marked.
    enhanceGetInputProps: ({ inputProps }) => ({ error: inputProps.error ? true : undefined }),
  });
  /** Shows a problem: a message and the fields it concerns (marked until they change). */
  const fail = (message: string, fields: readonly string[] = []) => {
    refusal.current = problemErrors({ message, fields: [...fields] });
    form.setErrors(refusal.current);
  };
  return {
    form,
    values: form.values,
    /** The messages of the last check or save, one per line, or null. */
    message: errorsMessage(form.errors),
    /** Whether a field is marked: `error={invalid('name')}` on inputs not wired by getInputProps. */
    invalid: (...fields: string[]) => (fields.some((field) => form.errors[field]) ? true : undefined),
    fail,
    /** A refused save: the server's message (a lost session has its own notice). */
    refused: (error: unknown, fieldsOf: (message: string) => readonly string[] = () => []) => {
      if (isSessionLost(error)) return;
      const message = errorMessage(error);
      fail(message, fieldsOf(message));
    },
  };
}

/** The @mantine/form form of useCheckedForm, for blocks of fields that take it. */
export type CheckedForm<V extends Record<string, unknown>> = ReturnType<typeof useCheckedForm<V>>['form'];
