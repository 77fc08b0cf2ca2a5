import { useForm, type UseFormInput } from '@mantine/form';
import { errorMessage, isSessionLost } from '../api/client.ts';
import { errorsMessage, problemErrors, type FieldErrors } from './form-problem.ts';

export interface CheckedFormInput<V> extends Pick<UseFormInput<V>, 'onValuesChange'> {
  initialValues: V;
  /** The first failing rule as errors by field (see zodResolver, problemErrors). */
  validate: (values: V) => FieldErrors;
}

/**
 * A form on @mantine/form as the portal's forms behave (spec 3 §8): the first failing rule is
 * shown once as a message (`message`), its fields are marked red without a text of their own
 * and stay marked while typing, until the next save; a refusal of the server shows the same way.
 */
// `any` as in the constraint of useForm: interfaces (without an index signature) fit it too.
export function useCheckedForm<V extends Record<string, any>>({ initialValues, validate, onValuesChange }: CheckedFormInput<V>) {
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate,
    clearInputErrorOnChange: false,
    onValuesChange,
    // The message is shown once above the buttons; the fields are only marked.
    enhanceGetInputProps: ({ inputProps }) => ({ error: inputProps.error ? true : undefined }),
  });
  /** Shows a problem: a message and the fields it concerns. */
  const fail = (message: string, fields: readonly string[] = []) => form.setErrors(problemErrors({ message, fields: [...fields] }));
  return {
    form,
    values: form.values,
    /** The message of the last check or save, or null. */
    message: errorsMessage(form.errors),
    /** Whether a field is marked: `error={invalid('name')}` on inputs not wired by getInputProps. */
    invalid: (field: string) => (form.errors[field] ? true : undefined),
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
