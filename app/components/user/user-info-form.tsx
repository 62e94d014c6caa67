import { Form, useNavigation } from "@remix-run/react";
import {
  BIO_MAX,
  CITY_MAX,
  GENDERS,
  NICKNAME_MAX,
  ProfileInfoSchema,
  todayString,
  type ProfileUser,
} from "~/services/account/profile-forms";
import { FieldError } from "~/components/ui/field-error";
import { FormError, useSchemaCheck, type ProfileActionResult } from "./user-form-bits";
import { FormField } from "~/components/ui/form-field";

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
        <FormField
          id="nickname"
          name="nickname"
          label="昵称"
          error={errors.nickname}
          hint={`1–${NICKNAME_MAX} 个字`}
          required
          errorReplacesHint
        >
          {(props) => (
            <input
              {...props}
              className="input"
              type="text"
              maxLength={NICKNAME_MAX * 2}
              autoComplete="nickname"
              defaultValue={value("nickname")}
            />
          )}
        </FormField>
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
        <FormField id="birthday" name="birthday" label="生日" error={errors.birthday}>
          {(props) => (
            <input
              {...props}
              className="input"
              type="date"
              min="1900-01-01"
              max={todayString()}
              suppressHydrationWarning
              defaultValue={value("birthday")}
            />
          )}
        </FormField>
        <FormField id="city" name="city" label="城市" error={errors.city}>
          {(props) => (
            <input
              {...props}
              className="input"
              type="text"
              maxLength={CITY_MAX}
              placeholder="例如：杭州"
              autoComplete="address-level2"
              defaultValue={value("city")}
            />
          )}
        </FormField>
      </div>
      <FormField
        id="bio"
        name="bio"
        label="个性签名"
        error={errors.bio}
        hint={`最多 ${BIO_MAX} 个字`}
        errorReplacesHint
      >
        {(props) => (
          <textarea
            {...props}
            className="textarea"
            rows={3}
            maxLength={BIO_MAX * 2}
            placeholder="介绍一下自己，比如常做的视频类型"
            defaultValue={value("bio")}
          />
        )}
      </FormField>
      <div className="user-form__actions">
        <button type="submit" className="btn btn--accent" disabled={saving}>
          {saving ? "保存中…" : "保存资料"}
        </button>
      </div>
    </Form>
  );
}
