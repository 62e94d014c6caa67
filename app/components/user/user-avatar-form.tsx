import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/utils/misc";
import { AVATAR_ACCEPT, checkAvatarFile } from "~/services/account/profile-forms";
import { AvatarCropper } from "./avatar-cropper";
import { UserAvatar } from "./user-avatar";
import type { ProfileActionResult } from "./user-form-bits";

/**
 * intent=avatar. Without JavaScript: a plain file upload the server crops to a centred square.
 * With JavaScript: choosing a picture opens the crop dialog and the cropped JPEG is uploaded by a fetcher.
 */
export function UserAvatarForm({
  avatarUrl,
  nickname,
  result,
}: {
  avatarUrl: string | null;
  nickname: string;
  result: ProfileActionResult | undefined;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const fetcher = useFetcher<ProfileActionResult>({ key: "avatar-upload" });
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  const uploading =
    fetcher.state !== "idle" || (navigation.state === "submitting" && navigation.formData?.get("intent") === "avatar");
  const serverError =
    fetcher.state === "idle" && fetcher.data?.intent === "avatar"
      ? fetcher.data.formError
      : result?.intent === "avatar"
        ? result.formError
        : undefined;
  const error = clientError ?? serverError;

  // The local preview is only for the upload in flight; the new URL comes from the loader after it.
  useEffect(() => {
    if (fetcher.state === "idle" && preview) {
      URL.revokeObjectURL(preview);
      setPreview(null);
    }
  }, [fetcher.state, preview]);

  const reset = useCallback(() => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = "";
  }, []);

  const onError = useCallback(
    (message: string) => {
      setClientError(message);
      reset();
    },
    [reset],
  );

  function choose(chosen: File | null | undefined) {
    if (!chosen) return;
    const problem = checkAvatarFile(chosen);
    if (problem) {
      onError(problem);
      return;
    }
    setClientError(null);
    setFile(chosen);
  }

  function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    if (hydrated) choose(event.currentTarget.files?.[0]);
  }

  // A picture chosen before the page hydrated goes to the cropper too (the plain submit button is gone by then).
  useEffect(() => {
    if (hydrated) choose(inputRef.current?.files?.[0]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  function onConfirm(jpeg: Blob) {
    const form = new FormData();
    form.set("intent", "avatar");
    form.set("avatar", new File([jpeg], "avatar.jpg", { type: "image/jpeg" }));
    setPreview(URL.createObjectURL(jpeg));
    fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
    reset();
  }

  return (
    <Form method="post" encType="multipart/form-data" className="user-avatar-form" preventScrollReset>
      <input type="hidden" name="intent" value="avatar" />
      <div className="user-avatar-form__current">
        <UserAvatar src={preview ?? avatarUrl} nickname={nickname} size={96} />
        {uploading ? <span className="user-avatar-form__busy">上传中…</span> : null}
      </div>
      <div className="user-avatar-form__controls">
        {/* With JS the label is the button (the input is hidden); without, the browser's own file picker shows. */}
        <label className={hydrated ? "btn btn--ghost btn--sm user-avatar-form__pick" : "field__label"} htmlFor="avatar">
          {hydrated ? (avatarUrl ? "更换头像" : "上传头像") : "选择头像图片"}
        </label>
        <input
          ref={inputRef}
          id="avatar"
          name="avatar"
          type="file"
          accept={`image/*,${AVATAR_ACCEPT}`}
          className={hydrated ? "visually-hidden" : "user-avatar-form__file"}
          onChange={onChange}
          aria-describedby="avatar-hint"
        />
        {hydrated ? null : (
          <button type="submit" className="btn btn--accent btn--sm">
            上传
          </button>
        )}
        <p id="avatar-hint" className="field__hint">
          支持 JPG、PNG、WebP、GIF，不超过 5 MB{hydrated ? "；选择后可裁剪" : "；将自动裁剪为正方形"}
        </p>
        {error ? (
          <p className="field__error" role="alert" data-testid="avatar-error">
            {error}
          </p>
        ) : null}
      </div>
      {file ? <AvatarCropper file={file} onConfirm={onConfirm} onCancel={reset} onError={onError} /> : null}
    </Form>
  );
}
