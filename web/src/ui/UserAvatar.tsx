import { useEffect, useState } from 'react';
import { Avatar, type AvatarProps } from '@mantine/core';
import { initials } from '@filialportal/core/users';
import { useAvatarBlob } from '../features/users/users.api.ts';

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
  const [objectUrl, setObjectUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!blob.data) {
      setObjectUrl(null);
      return;
    }
    const url = URL.createObjectURL(blob.data);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [blob.data]);

  const src = previewSrc ?? (uri ? objectUrl : null);
  return (
    <Avatar src={src} alt="" color="oak" variant="light" {...props}>
      {initials(firstName, lastName)}
    </Avatar>
  );
}
