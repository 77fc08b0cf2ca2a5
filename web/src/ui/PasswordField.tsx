import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** Mantine's password input with a German label on the show/hide toggle. */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': 'Passwort anzeigen' }} {...props} />;
}
