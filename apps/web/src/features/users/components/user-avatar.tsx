import { Avatar, type AvatarProps } from '@mantine/core';

interface UserAvatarProps extends AvatarProps {
  user: { firstName: string; lastName: string; avatar: { xs: string | null; md: string | null } | null };
}

/** The user's picture, or their initials. */
export function UserAvatar({ user, ...props }: UserAvatarProps) {
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return (
    <Avatar src={user.avatar?.xs ?? user.avatar?.md ?? null} color="grape" alt="" {...props}>
      {initials}
    </Avatar>
  );
}
