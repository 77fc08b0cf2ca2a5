import type { ReactNode } from 'react';
import { Card, TextInput, Title, Text } from '@mantine/core';
import type { GetInputPropsOptions, GetInputPropsReturnType } from '@mantine/form';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { ImagePicker, type PickedImage } from '../../ui/ImagePicker.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';

/** The part of a @mantine/form form the field blocks use. */
export interface FieldSource {
  getInputProps(path: string, options?: GetInputPropsOptions): GetInputPropsReturnType;
}

/** A titled card of a user form; the title names the section for assistive technology. */
export function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = `user-form-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id} h="100%">
      <Title order={2} fz={16} id={id} mb={description ? 2 : 'md'}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      )}
      {children}
    </Card>
  );
}

/** 'Nachname' and 'Vorname', both required; `autoComplete` for the own data, 'off' for others'. */
export function NameFields({ form, own = false, disabled = false }: { form: FieldSource; own?: boolean; disabled?: { lastName: boolean; firstName: boolean } | false }) {
  return (
    <>
      <TextInput
        label="Nachname"
        {...form.getInputProps('lastName')}
        disabled={disabled ? disabled.lastName : undefined}
        autoComplete={own ? 'family-name' : 'off'}
        required
      />
      <TextInput
        label="Vorname"
        {...form.getInputProps('firstName')}
        disabled={disabled ? disabled.firstName : undefined}
        autoComplete={own ? 'given-name' : 'off'}
        required
      />
    </>
  );
}

/** 'Telefon'. */
export function PhoneField({ form, own = false, disabled, description }: { form: FieldSource; own?: boolean; disabled?: boolean; description?: string }) {
  return (
    <TextInput
      label="Telefon"
      type="tel"
      {...form.getInputProps('phone', { withError: false })}
      disabled={disabled}
      autoComplete={own ? 'tel' : 'off'}
      description={description}
    />
  );
}

/** A new password and its repeat. */
export function PasswordFields({
  form,
  label,
  required,
  disabled,
}: {
  form: FieldSource;
  /** 'Passwort' or 'Neues Passwort'. */
  label: string;
  required?: boolean;
  disabled?: boolean;
}) {
  return (
    <>
      <PasswordField label={label} autoComplete="new-password" {...form.getInputProps('password')} disabled={disabled} required={required} />
      <PasswordField
        label="Passwort wiederholen"
        autoComplete="new-password"
        {...form.getInputProps('passwordRepeat')}
        disabled={disabled}
        required={required}
      />
    </>
  );
}

export interface AvatarPickerProps {
  /** The saved picture's address. */
  uri: string | null | undefined;
  firstName: string;
  lastName: string;
  value: PickedImage | null;
  onChange: (image: PickedImage | null) => void;
  onRefuse: (message: string) => void;
  invalid?: boolean;
  disabled?: boolean;
  /** The own settings show it large and centred. */
  large?: boolean;
}

/** The profile picture: the saved one (or the chosen one) and the image picker. */
export function AvatarPicker({ uri, firstName, lastName, value, large = false, ...picker }: AvatarPickerProps) {
  const size = large ? 112 : 72;
  return (
    <ImagePicker
      {...picker}
      value={value}
      layout={large ? 'column' : 'row'}
      size={large ? 'md' : 'sm'}
      preview={<UserAvatar uri={uri} previewSrc={value?.data} firstName={firstName} lastName={lastName} size={size} radius={size} />}
    />
  );
}
