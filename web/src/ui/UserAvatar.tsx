import { Avatar, type AvatarProps } from '@mantine/core';
import { initials } from '@filialportal/core/users-basics';
import { useAvatarBlob } from '../shell-api/lookups.ts';
import { useObjectUrl } from './use-object-url.ts';

export interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'children'> {
  /** Avatar path such as /api/avatar/<id>; loaded with the bearer token. */
  uri: string | null | undefined;
  firstName: string;
  lastName: string;
  /** A local preview (data URL) that wins over `uri`. */
  previewSrc?: string | null;
}

/** The profile picture behind the token, or the initials while there is none. */
export function UserAvatar({ uri, firstName, lastName, previewSrc, ...props }: UserAvatarProps) {
  const blob = useAvatarBlob(previewSrc ? null : uri);
  const objectUrl = useObjectUrl(blob.data);

  const src = previewSrc ?? (uri ? objectUrl : null);
  return (
    <Avatar src={src} alt="" color="oak" variant="light" {...props}>
      {initials(firstName, lastName)}
    </Avatar>
  );
}
