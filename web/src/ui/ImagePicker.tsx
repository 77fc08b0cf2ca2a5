import type { ReactNode } from 'react';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { MSG } from '@filialportal/core/messages';
import { formatFileSize } from '@filialportal/core/assortment';
import { AVATAR_ACCEPT, AVATAR_MAX_BYTES, avatarProblem } from '@filialportal/core/users';

/** A chosen image, sent inline as a data URL. */
export interface PickedImage {
  fileName: string;
  data: string;
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The avatar rule of the core, by the file's name and size (its content is checked on the server). */
const avatarRule = (file: File) => avatarProblem({ name: file.name, size: file.size });

export interface ImagePickerProps {
  /** The chosen image, not yet saved; null: none. */
  value: PickedImage | null;
  /** A file passed the rule and was read (or 'Verwerfen': null). */
  onChange: (image: PickedImage | null) => void;
  /** A file broke the rule (or could not be read): the message to show. */
  onRefuse: (message: string) => void;
  /** The current picture, shown beside (`row`) or above (`column`) the button. */
  preview: ReactNode;
  /** 'row': preview left, button and hint right; 'column': all centred below each other. */
  layout?: 'row' | 'column';
  /** Marks the button red (the last problem concerns the image). */
  invalid?: boolean;
  disabled?: boolean;
  /** Size of the button (Mantine's); the icon follows. */
  size?: 'sm' | 'md';
  /** The rule a file must pass (default: the avatar rule of the core). */
  check?: (file: File) => string | null;
  accept?: string;
  /** The hint under the button while no file is chosen. */
  hint?: string;
}

/**
 * Choosing an image to upload: 'Bild auswählen', the rule checked at once (type and size), the
 * chosen file's name with 'Verwerfen', otherwise what is allowed.
 */
export function ImagePicker({
  value,
  onChange,
  onRefuse,
  preview,
  layout = 'row',
  invalid,
  disabled,
  size = 'md',
  check = avatarRule,
  accept = AVATAR_ACCEPT,
  hint = `JPEG, PNG oder GIF, höchstens ${formatFileSize(AVATAR_MAX_BYTES)}`,
}: ImagePickerProps) {
  async function pick(file: File | null) {
    if (!file) return;
    const problem = check(file);
    if (problem) {
      onRefuse(problem);
      return;
    }
    try {
      onChange({ fileName: file.name, data: await readAsDataUrl(file) });
    } catch {
      onRefuse(MSG.avatarType);
    }
  }

  const column = layout === 'column';
  const controls = (
    <>
      <FileButton onChange={pick} accept={accept} disabled={disabled}>
        {(props) => (
          <Button
            {...props}
            disabled={disabled}
            variant="light"
            size={size === 'sm' ? 'sm' : undefined}
            leftSection={<IconPhotoUp size={size === 'sm' ? 16 : 18} />}
            color={invalid ? 'red' : undefined}
          >
            Bild auswählen
          </Button>
        )}
      </FileButton>
      {value ? (
        <Group gap={column ? 6 : 4} wrap="nowrap" miw={column ? undefined : 0} maw={column ? '100%' : undefined}>
          <Text size="xs" c="dimmed" truncate="end">
            {value.fileName}
          </Text>
          <Button variant="subtle" size="compact-xs" color="stone" onClick={() => onChange(null)}>
            Verwerfen
          </Button>
        </Group>
      ) : (
        <Text size="xs" c="dimmed" ta={column ? 'center' : undefined}>
          {hint}
        </Text>
      )}
    </>
  );

  return column ? (
    <Stack align="center" gap="sm">
      {preview}
      {controls}
    </Stack>
  ) : (
    <Group gap="md" wrap="nowrap">
      {preview}
      <Stack gap={6} miw={0}>
        {controls}
      </Stack>
    </Group>
  );
}
