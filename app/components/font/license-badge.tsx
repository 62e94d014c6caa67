import { licenseKind, licenseLabel, type License } from "~/services/catalogue/fonts";

export type LicenseBadgeProps = {
  license: Pick<License, "commercialLabel" | "commercialUse"> & Partial<Pick<License, "name">>;
  className?: string;
};

/** 免费商用 / 个人免费 / 需授权 badge. */
export function LicenseBadge({ license, className }: LicenseBadgeProps) {
  const kind = licenseKind(license);
  const label = licenseLabel(license);
  return (
    <span
      className={`license-badge license-badge--${kind}${className ? ` ${className}` : ""}`}
      data-license={kind}
      title={license.name ? `${label}：${license.name}` : label}
      aria-label={`授权：${label}`}
    >
      {label}
    </span>
  );
}
