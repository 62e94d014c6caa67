import {
  MESSAGE_CONTENT_MAX,
  MESSAGE_NAME_MAX,
  messageBoardBodySchema,
  type MessageBoardBody,
} from "@contract/content";
import { maxLengthFor } from "@contract/fields";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { FormField } from "~/components/ui/form-field";
import { Honeypot } from "~/components/ui/honeypot";
import { LimitedTextarea } from "~/components/ui/limited-textarea";
import { isApiError } from "~/services/api-client.server";
import { leaveMessage } from "~/services/content.server";
import { fieldErrors } from "~/services/account/validation";
import { parseFormSubmission } from "~/utils/form-data.server";
import { withSocialMeta } from "~/utils/seo/social-meta";

const pageMeta: MetaFunction = () => [
  { title: "联系我们 - 短视频字体" },
  { name: "description", content: "给短视频字体的编辑留言：字体收录建议、授权问题、投稿与合作。" },
];

type Field = "name" | "phone" | "email" | "content";
type Values = Record<Field, string>;

type ContactResult =
  | { outcome: "invalid"; values: Values; errors: Partial<Record<Field, string>>; formError: string | null }
  | { outcome: "sent" };

/** `?type=submission` was the 投稿 link before submissions had their own page. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (new URL(request.url).searchParams.get("type") === "submission") throw redirect("/submit", 301);
  return {};
}

export async function action({ request, context }: ActionFunctionArgs): Promise<ContactResult> {
  const formData = await parseFormSubmission(request);
  const read = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: Values = { name: read("name"), phone: read("phone"), email: read("email"), content: read("content") };
  const body: MessageBoardBody = {
    website: read("website"),
    name: values.name,
    phone: values.phone.trim() || undefined,
    email: values.email.trim() || undefined,
    content: values.content,
  };

  // Messages beside the fields and the input kept; 200 so the page simply renders again.
  const parsed = messageBoardBodySchema.safeParse(body);
  if (!parsed.success) {
    const { website, _form, ...byField } = fieldErrors(parsed.error);
    return { outcome: "invalid", values, errors: byField, formError: website ?? _form ?? null };
  }

  try {
    await leaveMessage({ request, context }, body);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { outcome: "invalid", values, errors: {}, formError: error.message };
  }
  return { outcome: "sent" };
}

export default function ContactPage() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const invalid = result?.outcome === "invalid" ? result : null;
  const error = (field: Field) => invalid?.errors[field];

  return (
    <div className="content-page contact-page">
      <header className="content-head">
        <h1 className="content-head__title">联系我们</h1>
        <p className="content-head__lead">
          字体收录建议、授权疑问、页面问题或合作意向，都可以在这里留言。想投稿字体或作品，请到
          <Link to="/submit">投稿页</Link>。
        </p>
      </header>

      <div className="contact-layout">
        {result?.outcome === "sent" ? (
          <section className="contact-success" role="status" aria-labelledby="contact-sent-title">
            <h2 id="contact-sent-title">留言已收到，谢谢你！</h2>
            <p>编辑会尽快通过你留下的手机号或邮箱回复。</p>
            <Link to="/contact" className="btn btn--ghost">
              再写一条
            </Link>
          </section>
        ) : (
          <Form
            method="post"
            className="contact-form"
            noValidate
            aria-describedby={invalid?.formError ? "contact-form-error" : undefined}
          >
            {invalid?.formError ? (
              <p id="contact-form-error" className="notice notice--error" role="alert">
                {invalid.formError}
              </p>
            ) : null}

            <Honeypot />

            <FormField id="contact-name" name="name" label="称呼" error={error("name")} required>
              {(props) => (
                <input
                  {...props}
                  type="text"
                  className="input"
                  autoComplete="name"
                  maxLength={maxLengthFor(MESSAGE_NAME_MAX)}
                  defaultValue={invalid?.values.name}
                />
              )}
            </FormField>

            <div className="contact-form__pair">
              <FormField
                id="contact-phone"
                name="phone"
                label="手机号"
                error={error("phone")}
                describedBy="contact-reply-hint"
              >
                {(props) => (
                  <input
                    {...props}
                    type="tel"
                    className="input"
                    inputMode="numeric"
                    autoComplete="tel"
                    maxLength={20}
                    defaultValue={invalid?.values.phone}
                  />
                )}
              </FormField>
              <FormField
                id="contact-email"
                name="email"
                label="邮箱"
                error={error("email")}
                describedBy="contact-reply-hint"
              >
                {(props) => (
                  <input
                    {...props}
                    type="email"
                    className="input"
                    autoComplete="email"
                    maxLength={100}
                    defaultValue={invalid?.values.email}
                  />
                )}
              </FormField>
            </div>
            <p id="contact-reply-hint" className="contact-form__hint">
              手机号和邮箱至少填一项，只用于回复你的留言。
            </p>

            <LimitedTextarea
              id="contact-content"
              name="content"
              label="留言内容"
              max={MESSAGE_CONTENT_MAX}
              error={error("content")}
              required
              defaultValue={invalid?.values.content}
            />

            <button type="submit" className="btn btn--primary btn--lg" disabled={sending}>
              {sending ? "正在提交…" : "提交留言"}
            </button>
          </Form>
        )}

        <aside className="contact-aside" aria-labelledby="contact-aside-title">
          <h2 id="contact-aside-title">常见留言</h2>
          <ul>
            <li>想要某款字体被收录：写下字体名称和出处</li>
            <li>授权疑问：写下字体名称和你的用途（商用、个人）</li>
            <li>页面出错：写下出错的页面地址和你做了什么</li>
          </ul>
          <p>
            也可以先看看 <Link to="/baike">书法百科</Link> 和 <Link to="/news">资讯</Link>，常见的授权问题那里都有解答。
          </p>
        </aside>
      </div>
    </div>
  );
}

export { ContentErrorBoundary as ErrorBoundary };

export const meta = withSocialMeta(pageMeta);
