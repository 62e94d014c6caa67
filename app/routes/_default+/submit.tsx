import {
  SUBMISSION_DESCRIPTION_MAX,
  SUBMISSION_FILE_MAX_BYTES,
  SUBMISSION_FILES_MAX,
  SUBMISSION_KINDS,
  SUBMISSION_TITLE_MAX,
  submissionFieldsSchema,
  UPLOAD_TOO_LARGE_MESSAGE,
} from "@contract/submission";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ChangeEvent, type FormEvent } from "react";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { checkSubmissionFiles } from "~/utils/submission-files";
import { FieldError } from "~/components/ui/field-error";
import { FormField } from "~/components/ui/form-field";
import { Honeypot } from "~/components/ui/honeypot";
import { isApiError } from "~/services/api-client.server";
import { submitWork } from "~/services/submission.server";
import { formObject } from "~/services/account/account-forms";
import { fieldErrors } from "~/services/account/validation";
import { readFormSubmission } from "~/utils/form-data.server";
import { withSocialMeta } from "~/utils/seo/social-meta";

const pageMeta: MetaFunction = () => [
  { title: "投稿 - 短视频字体" },
  { name: "description", content: "向短视频字体投稿：你设计的字体，或用字讲究的短视频作品，编辑审核后收录。" },
];

type Field = "title" | "kind" | "description" | "contact" | "files";
type Values = Record<Exclude<Field, "files">, string>;
type SubmitResult =
  | { outcome: "invalid"; values: Values; errors: Partial<Record<Field, string>>; formError: string | null }
  | { outcome: "sent"; id: number };

/**
 * The whole form is read before anything is checked, so a file over the limit is answered beside
 * its field with everything else kept (its bytes are thrown away as they arrive, never kept); only
 * a body beyond this is refused as a whole.
 */
const FORM_MAX_BYTES = 63 * 1024 * 1024;
const ACCEPT = ".ttf,.otf,.woff,.woff2,.png,.jpg,.jpeg,.webp,.pdf,.zip";
const MAX_MB = SUBMISSION_FILE_MAX_BYTES / 1024 / 1024;
const EMPTY: Values = { title: "", kind: "", description: "", contact: "" };

/**
 * The typed fields, read once for the contract's schema (in the action, and in the browser when
 * chosen files are refused): the values to keep, the messages beside each field and the form's own.
 */
function readFields(form: FormData) {
  const entries = formObject(form);
  const values: Values = {
    title: entries.title ?? "",
    kind: entries.kind ?? "",
    description: entries.description ?? "",
    contact: entries.contact ?? "",
  };
  const fields = submissionFieldsSchema.safeParse(entries);
  const { website, _form, ...errors }: Record<string, string> = fields.success ? {} : fieldErrors(fields.error);
  return { values, fields, errors: errors as Partial<Record<Field, string>>, formError: website ?? _form ?? null };
}

function invalid(values: Values, errors: Partial<Record<Field, string>>, formError: string | null = null) {
  return data<SubmitResult>({ outcome: "invalid", values, errors, formError }, { status: 400 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await readFormSubmission(request, {
    allowFiles: true,
    maxBytes: FORM_MAX_BYTES,
    maxFileBytes: SUBMISSION_FILE_MAX_BYTES,
  });
  if (!submission.ok) return invalid(EMPTY, {}, submission.message);
  try {
    return await send(submission.formData, submission.oversized, { request, context });
  } finally {
    await submission.discard();
  }
}

async function send(form: FormData, oversized: string[], caller: Pick<ActionFunctionArgs, "request" | "context">) {
  const { values, fields, errors, formError } = readFields(form);
  // A file input left empty still sends one nameless, empty part.
  const files = form.getAll("files").filter((file): file is File => typeof file !== "string" && file.size > 0);
  const chosen: Awaited<ReturnType<typeof checkSubmissionFiles>> =
    oversized.length > 0
      ? { error: `「${oversized[0]}」太大：${UPLOAD_TOO_LARGE_MESSAGE}` }
      : await checkSubmissionFiles(files);
  const filesError = "error" in chosen ? `${chosen.error}（请重新选择文件）` : undefined;
  if (!fields.success || filesError) return invalid(values, { ...errors, files: filesError }, formError);
  if (!("uploads" in chosen)) return invalid(values, {});

  try {
    const { id } = await submitWork(caller, fields.data, chosen.uploads);
    return data<SubmitResult>({ outcome: "sent", id });
  } catch (error) {
    if (!isApiError(error)) throw error;
    return data<SubmitResult>(
      { outcome: "invalid", values, errors: {}, formError: `${error.message}（请重新选择文件）` },
      { status: error.status >= 400 && error.status < 500 ? error.status : 502 },
    );
  }
}

export default function SubmitPage() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const problem = result?.outcome === "invalid" ? result : null;
  // With JavaScript, files are checked as soon as they are chosen, by the action's own rule; a
  // form whose files are refused is not sent, and its fields are checked here as the action would.
  const [chosen, setChosen] = useState<{ error: string | null } | null>(null);
  const [refused, setRefused] = useState<Partial<Record<Field, string>> | null>(null);
  useEffect(() => {
    setChosen(null);
    setRefused(null);
  }, [result]);
  const error = (field: Field) => {
    if (refused) return refused[field];
    if (field === "files" && chosen) return chosen.error ?? undefined;
    return problem?.errors[field];
  };
  const checkChosen = (event: ChangeEvent<HTMLInputElement>) => {
    void checkSubmissionFiles([...(event.currentTarget.files ?? [])]).then((checked) =>
      setChosen({ error: "error" in checked ? checked.error : null }),
    );
  };
  const refuseChosen = (event: FormEvent<HTMLFormElement>) => {
    if (!chosen?.error) {
      setRefused(null);
      return;
    }
    event.preventDefault();
    const { errors } = readFields(new FormData(event.currentTarget));
    setRefused({ ...errors, files: chosen.error });
  };

  return (
    <div className="content-page contact-page">
      <header className="content-head">
        <h1 className="content-head__title">投稿</h1>
        <p className="content-head__lead">
          你设计的字体，或一条用字讲究的短视频作品，都可以投给我们。编辑审核后会联系你，确认授权后收录。
        </p>
      </header>

      <div className="contact-layout">
        {result?.outcome === "sent" ? (
          <section className="contact-success" role="status" aria-labelledby="submit-sent-title">
            <h2 id="submit-sent-title">投稿已收到，谢谢你！</h2>
            <p>投稿编号 {result.id}。编辑审核后会通过你留下的手机号或邮箱联系你。</p>
            <Link to="/submit" className="btn btn--ghost">
              再投一份
            </Link>
          </section>
        ) : (
          <Form
            method="post"
            encType="multipart/form-data"
            className="contact-form submit-form"
            noValidate
            aria-describedby={problem?.formError ? "submit-form-error" : undefined}
            aria-busy={sending || undefined}
            onSubmit={refuseChosen}
          >
            {problem?.formError ? (
              <p id="submit-form-error" className="notice notice--error" role="alert">
                {problem.formError}
              </p>
            ) : null}

            <Honeypot />

            <FormField id="submit-title" name="title" required label="标题" error={error("title")}>
              {(props) => (
                <input
                  {...props}
                  type="text"
                  className="input"
                  maxLength={SUBMISSION_TITLE_MAX * 2}
                  defaultValue={problem?.values.title}
                />
              )}
            </FormField>

            <fieldset
              className="field submit-form__kinds"
              aria-describedby={error("kind") ? "submit-kind-error" : undefined}
            >
              <legend className="field__label">投稿类型</legend>
              {SUBMISSION_KINDS.map((kind) => (
                <label key={kind} className="submit-form__kind">
                  <input
                    type="radio"
                    name="kind"
                    value={kind}
                    defaultChecked={problem ? problem.values.kind === kind : kind === "字体"}
                  />
                  {kind === "字体" ? "字体（你设计或拥有授权的字体）" : "作品（用了站内字体的短视频、海报）"}
                </label>
              ))}
              <FieldError id="submit-kind-error" error={error("kind")} />
            </fieldset>

            <FormField id="submit-description" name="description" required label="说明" error={error("description")}>
              {(props) => (
                <textarea
                  {...props}
                  className="textarea"
                  rows={6}
                  maxLength={SUBMISSION_DESCRIPTION_MAX * 2}
                  placeholder="字体的来历与授权，或作品的链接、用到的字体"
                  defaultValue={problem?.values.description}
                />
              )}
            </FormField>

            <FormField id="submit-contact" name="contact" required label="联系方式" error={error("contact")}>
              {(props) => (
                <input
                  {...props}
                  type="text"
                  className="input"
                  autoComplete="email"
                  maxLength={100}
                  placeholder="手机号或邮箱"
                  defaultValue={problem?.values.contact}
                />
              )}
            </FormField>

            <FormField
              id="submit-files"
              name="files"
              required
              label="文件"
              error={error("files")}
              hint={`最多 ${SUBMISSION_FILES_MAX} 个，每个不超过 ${MAX_MB}MB：字体（TTF、OTF、WOFF、WOFF2）、图片（PNG、JPEG、WebP）、PDF 或 ZIP。`}
            >
              {(props) => (
                <input
                  {...props}
                  type="file"
                  className="input submit-form__files"
                  multiple
                  accept={ACCEPT}
                  onChange={checkChosen}
                />
              )}
            </FormField>

            <button type="submit" className="btn btn--primary btn--lg" disabled={sending}>
              {sending ? "正在上传…" : "提交投稿"}
            </button>
          </Form>
        )}

        <aside className="contact-aside" aria-labelledby="submit-aside-title">
          <h2 id="submit-aside-title">投稿须知</h2>
          <ul>
            <li>字体投稿请写明授权方式（如 SIL OFL），只收录可以免费使用的字体</li>
            <li>作品投稿请写明用到了哪些字体、用在标题、字幕还是花字</li>
            <li>文件只用于审核，不会公开；审核结果会通过你留下的联系方式告知</li>
          </ul>
          <p>
            只是想提个建议？请到 <Link to="/contact">联系我们</Link> 留言。
          </p>
        </aside>
      </div>
    </div>
  );
}

export { ContentErrorBoundary as ErrorBoundary };

export const meta = withSocialMeta(pageMeta);
