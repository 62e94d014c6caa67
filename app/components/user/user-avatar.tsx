import { cn } from "~/utils/misc";

/** A round avatar: the uploaded picture, else the nickname's first character on the accent colour. */
export function UserAvatar({
  src,
  nickname,
  size = 48,
  className,
}: {
  src: string | null | undefined;
  nickname: string;
  size?: number;
  className?: string;
}) {
  const initial = Array.from(nickname.trim())[0] ?? "我";
  return (
    <span
      className={cn("user-avatar", className)}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.42) }}
    >
      {src ? (
        <img
          src={src}
          alt={`${nickname}的头像`}
          width={size}
          height={size}
          className="user-avatar__img"
          data-avatar-img=""
        />
      ) : (
        <span className="user-avatar__initial" aria-label={`${nickname}的头像`} role="img">
          {initial}
        </span>
      )}
    </span>
  );
}
