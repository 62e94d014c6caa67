import { Form, useNavigation } from "@remix-run/react";
import {
  BIO_MAX,
  CITY_MAX,
  GENDERS,
  NICKNAME_MAX,
  ProfileInfoSchema,
  todayString,
  type ProfileUser,
} from "~/utils/account/profile-forms";
import { FieldError } from "~/components/ui/field-error";
import { Field, FormError, errorProps, useSchemaCheck, type ProfileActionResult } from "./user-form-bits";

/** intent=update-info: nickname, gender, birthday, city and bio. */
export function UserInfoForm({ user, result }: { user: ProfileUser; result: ProfileActionResult | undefined }) {
  const navigation = useNavigation();
  const mine = result?.intent === "update-info" ? result : undefined;
  const { clientErrors, onSubmit } = useSchemaCheck(ProfileInfoSchema);
  const errors = clientErrors ?? mine?.fieldErrors ?? {};
  const values = mine?.values;
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "update-info";
  const value = (name: keyof typeof defaults) => values?.[name] ?? defaults[name];
  const defaults = {
    nickname: user.nickname ?? "",
    gender: String(user.gender ?? 0),
    birthday: user.birthday ?? "",
    city: user.city ?? "",
    bio: user.bio ?? user.signature ?? "",
  };

  return (
    <Form
      method="post"
      className="user-form"
      noValidate
      onSubmit={onSubmit}
      preventScrollReset
      aria-labelledby="info-title"
    >
      <input type="hidden" name="intent" value="update-info" />
      <FormError message={mine?.formError} />
      <div className="user-form__grid">
        <Field label="昵称" htmlFor="nickname" error={errors.nickname} hint={`1–${NICKNAME_MAX} 个字`}>
          <input
            id="nickname"
            name="nickname"
            className="input"
            type="text"
            required
            maxLength={NICKNAME_MAX * 2}
            autoComplete="nickname"
            defaultValue={value("nickname")}
            {...errorProps("nickname", errors.nickname)}
          />
        </Field>
        <fieldset className="field user-form__gender">
          <legend className="field__label">性别</legend>
          <div className="segmented">
            {GENDERS.map((item) => (
              <label key={item.value} className="segmented__option">
                <input type="radio" name="gender" value={item.value} defaultChecked={value("gender") === item.value} />
                <span>{item.label}</span>
              </label>
            ))}
          </div>
          <FieldError error={errors.gender} />
        </fieldset>
        <Field label="生日" htmlFor="birthday" error={errors.birthday}>
          <input
            id="birthday"
            name="birthday"
            className="input"
            type="date"
            min="1900-01-01"
            max={todayString()}
            suppressHydrationWarning
            defaultValue={value("birthday")}
            {...errorProps("birthday", errors.birthday)}
          />
        </Field>
        <Field label="城市" htmlFor="city" error={errors.city}>
          <input
            id="city"
            name="city"
            className="input"
            type="text"
            maxLength={CITY_MAX}
            placeholder="例如：杭州"
            autoComplete="address-level2"
            defaultValue={value("city")}
            {...errorProps("city", errors.city)}
          />
        </Field>
      </div>
      <Field label="个性签名" htmlFor="bio" error={errors.bio} hint={`最多 ${BIO_MAX} 个字`}>
        <textarea
          id="bio"
          name="bio"
          className="textarea"
          rows={3}
          maxLength={BIO_MAX * 2}
          placeholder="介绍一下自己，比如常做的视频类型"
          defaultValue={value("bio")}
          {...errorProps("bio", errors.bio)}
        />
      </Field>
      <div className="user-form__actions">
        <button type="submit" className="btn btn--accent" disabled={saving}>
          {saving ? "保存中…" : "保存资料"}
        </button>
      </div>
    </Form>
  );
}
