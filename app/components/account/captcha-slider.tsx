import { useFetcher } from "@remix-run/react";
import AES from "crypto-js/aes";
import Utf8 from "crypto-js/enc-utf8";
import ECB from "crypto-js/mode-ecb";
import Pkcs7 from "crypto-js/pad-pkcs7";
import { useEffect, useId, useRef, useState } from "react";
import type { CaptchaCheckResult, SliderChallenge } from "~/routes/resources+/captcha";
import type { FormCaptcha } from "~/services/account/send-code";

/** AJ-Captcha: the point is sent as AES-ECB-PKCS7(JSON, secretKey), base64. */
export function encryptPoint(point: { x: number; y: number }, secretKey: string): string {
  return AES.encrypt(Utf8.parse(JSON.stringify(point)), Utf8.parse(secretKey), {
    mode: ECB,
    padding: Pkcs7,
  }).toString();
}

type LoadResult = { ok: true; challenge: SliderChallenge } | { ok: false; message: string };

/**
 * The slider puzzle (JS): drag the piece (pointer or arrow keys) until it fills the gap; on release
 * the position is encrypted and checked through /resources/captcha, then `onVerified` gets the
 * one-time captchaVerification for sendCode.
 */
export function CaptchaSlider({
  onVerified,
  onCancel,
}: {
  onVerified: (verification: string) => void;
  onCancel?: () => void;
}) {
  const loader = useFetcher<LoadResult>();
  const checker = useFetcher<CaptchaCheckResult>();
  const [x, setX] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const dragging = useRef<{ startX: number; startValue: number } | null>(null);
  const handled = useRef<unknown>(null);
  const titleId = useId();
  const handleRef = useRef<HTMLDivElement>(null);

  const load = loader.load;
  useEffect(() => {
    load("/resources/captcha");
  }, [load]);

  const challenge = loader.data?.ok ? loader.data.challenge : null;
  const max = challenge ? challenge.width - challenge.pieceWidth : 263;

  useEffect(() => {
    setX(0);
    if (challenge) handleRef.current?.focus();
  }, [challenge]);

  useEffect(() => {
    const result = checker.data;
    if (!result || handled.current === result || checker.state !== "idle") return;
    handled.current = result;
    if (result.ok) {
      onVerified(result.captchaVerification);
    } else {
      setMessage(result.message);
      load("/resources/captcha");
    }
  }, [checker.data, checker.state, onVerified, load]);

  function check(value: number) {
    if (!challenge || checker.state !== "idle") return;
    setMessage(null);
    checker.submit(
      { token: challenge.token, pointJson: encryptPoint({ x: Math.round(value), y: 5 }, challenge.secretKey) },
      { method: "post", action: "/resources/captcha" },
    );
  }

  const clamp = (value: number) => Math.max(0, Math.min(max, value));
  const busy = loader.state !== "idle" || checker.state !== "idle";

  return (
    <div className="captcha-slider" role="group" aria-labelledby={titleId}>
      <p id={titleId} className="captcha-slider__title">
        安全验证：拖动滑块使拼图与缺口对齐
      </p>
      {loader.data && !loader.data.ok ? <p className="field__error">{loader.data.message}</p> : null}
      {challenge ? (
        <>
          <div className="captcha-slider__stage" style={{ width: challenge.width, height: challenge.height }}>
            <img src={challenge.image} alt="" width={challenge.width} height={challenge.height} draggable={false} />
            <img
              className="captcha-slider__piece"
              src={challenge.piece}
              alt=""
              width={challenge.pieceWidth}
              height={challenge.height}
              draggable={false}
              style={{ transform: `translateX(${x}px)` }}
            />
          </div>
          {/* Not selectable: a drag starting on selected text would become the browser's own drag. */}
          <div className="captcha-slider__track" style={{ width: challenge.width, userSelect: "none" }}>
            <div className="captcha-slider__fill" style={{ width: x + challenge.pieceWidth / 2 }} />
            <div
              ref={handleRef}
              className="captcha-slider__handle"
              role="slider"
              tabIndex={0}
              aria-label="拼图滑块（方向键移动，回车确认）"
              aria-valuemin={0}
              aria-valuemax={max}
              aria-valuenow={Math.round(x)}
              aria-busy={busy}
              style={{ transform: `translateX(${x}px)`, width: challenge.pieceWidth }}
              onPointerDown={(event) => {
                event.currentTarget.setPointerCapture(event.pointerId);
                dragging.current = { startX: event.clientX, startValue: x };
              }}
              onPointerMove={(event) => {
                if (!dragging.current) return;
                setX(clamp(dragging.current.startValue + event.clientX - dragging.current.startX));
              }}
              onPointerCancel={() => {
                dragging.current = null;
              }}
              onPointerUp={(event) => {
                if (!dragging.current) return;
                const value = clamp(dragging.current.startValue + event.clientX - dragging.current.startX);
                dragging.current = null;
                setX(value);
                check(value);
              }}
              onKeyDown={(event) => {
                const step = event.shiftKey ? 10 : 1;
                if (event.key === "ArrowRight") setX((v) => clamp(v + step));
                else if (event.key === "ArrowLeft") setX((v) => clamp(v - step));
                else if (event.key === "Home") setX(0);
                else if (event.key === "End") setX(max);
                else if (event.key === "Enter" || event.key === " ") check(x);
                else if (event.key === "Escape" && onCancel) onCancel();
                else return;
                event.preventDefault();
                event.stopPropagation();
              }}
            >
              <span aria-hidden="true">→</span>
            </div>
          </div>
        </>
      ) : (
        <p className="captcha-slider__loading">正在加载验证图片…</p>
      )}
      {message ? (
        <p className="field__error" role="alert">
          {message}
        </p>
      ) : null}
      <div className="captcha-slider__actions">
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => load("/resources/captcha")}
          disabled={busy}
        >
          换一张
        </button>
        {onCancel ? (
          <button type="button" className="btn btn--ghost btn--sm" onClick={onCancel}>
            取消
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The no-JS challenge (`mode=form`): a picture of digits, a field to type them into and the
 * challenge token; the send-code button posts them with the form.
 */
export function CaptchaDigitsChallenge({ captcha, message }: { captcha: FormCaptcha; message?: string }) {
  return (
    <div className="captcha-digits">
      <p className="captcha-digits__title" role="alert">
        {message ?? "请先完成安全验证"}
      </p>
      <input type="hidden" name="captchaToken" value={captcha.token} />
      <div className="captcha-digits__row">
        <img
          src={captcha.image}
          width={captcha.width}
          height={captcha.height}
          alt={`安全验证图片：${captcha.length} 位数字`}
          className="captcha-digits__image"
        />
        <label className="captcha-digits__field">
          <span className="captcha-digits__label">图中的数字</span>
          <input
            name="answer"
            className="input captcha-digits__input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={captcha.length + 4}
            placeholder={`${captcha.length} 位数字`}
          />
        </label>
      </div>
      <button type="submit" name="intent" value="send-code" formNoValidate className="btn btn--ghost btn--sm">
        提交并发送验证码
      </button>
      <p className="captcha-digits__hint">看不清？提交后会换一张新的图片。</p>
    </div>
  );
}
