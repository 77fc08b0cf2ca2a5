import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's password input with a German label on the show/hide toggle; a marked field is
 * announced as invalid like every other input (Mantine sets only a data attribute here).
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': 'Passwort anzeigen' }} aria-invalid={props.error ? true : undefined} {...props} />;
}
