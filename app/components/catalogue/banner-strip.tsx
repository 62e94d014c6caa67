import type { Advert } from "@contract/catalogue";
import { useStaticUrl } from "~/utils/root-data";
import { SmartLink } from "~/components/ui/smart-link";
import { LazyImage } from "~/components/ui/lazy-image";
import { CLIENT_LINKS } from "~/utils/client-links";

export type Banner = Advert;

/**
 * A row of banner cards: the artwork as a lazy <img> (intrinsic 1200×360, so no layout shift) and
 * the title in HTML over its calm left side. Scrolls sideways when the cards do not fit; no JS needed.
 * Its links to the site's pages navigate in the app also where the strip is kept as served (`ServerMarkup`).
 */
export function BannerStrip({ banners, label }: { banners: Banner[]; label?: string }) {
  const asset = useStaticUrl();
  if (!banners.length) return null;
  return (
    <ul {...CLIENT_LINKS} className="banner-strip" aria-label={label}>
      {banners.map((banner) => (
        <li key={banner.id} className="banner-strip__item">
          <SmartLink link={banner.link} className="banner-card">
            {banner.image ? (
              <LazyImage src={asset(banner.image)} alt="" width="1200" height="360" className="banner-card__image" />
            ) : null}
            <span className="banner-card__body">
              <span className="banner-card__title">{banner.title}</span>
              {banner.link ? (
                <span className="banner-card__cta" aria-hidden="true">
                  去看看 →
                </span>
              ) : null}
            </span>
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}
