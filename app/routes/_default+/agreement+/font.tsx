import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { withSocialMeta } from "~/utils/seo/social-meta";

const pageMeta: MetaFunction = () => [
  { title: "字体授权协议 - 短视频字体" },
  {
    name: "description",
    content:
      "短视频字体字体授权协议：本站字体均为开源授权（SIL OFL 1.1），说明使用范围、禁止单独售卖、修改后改名、署名与免责。",
  },
];

const UPDATED = "2026 年 11 月 1 日";

export default function FontAgreement() {
  return (
    <article className="agreement container">
      <header className="agreement__header">
        <h1>字体授权协议</h1>
        <p className="agreement__meta">更新日期：{UPDATED}</p>
      </header>
      <p>
        本站字体均为开源授权（SIL Open Font License 1.1，简称 OFL
        1.1），由字体作者或版权方以开源方式发布，本站仅提供预览、整理和下载服务。下载、安装或使用本站字体，即表示你同意遵守本协议及该字体随附的
        OFL 1.1 授权协议原文；两者不一致时，以授权协议原文为准。
      </p>

      <section>
        <h2>一、授权性质</h2>
        <ol>
          <li>OFL 1.1 允许你免费使用、学习、修改和再分发字体，字体的著作权仍归原作者或版权方所有。</li>
          <li>
            每款字体的详情页会标注其授权名称和版权方（“免费商用”“个人免费”“需授权”）。个别字体如另有说明，以详情页和字体随附的许可文件为准。
          </li>
        </ol>
      </section>

      <section>
        <h2>二、使用范围</h2>
        <p>在遵守 OFL 1.1 的前提下，你可以将字体用于个人和商业用途，包括但不限于：</p>
        <ol>
          <li>短视频的标题、字幕、封面、花字和片头片尾；</li>
          <li>海报、广告、包装、印刷品、网页、应用界面和游戏；</li>
          <li>将字体嵌入文档、网页（Web 字体）或软件中随作品分发。</li>
        </ol>
        <p>使用字体制作的图片、视频等作品，其版权归作品创作者所有，无需向字体作者支付费用。</p>
      </section>

      <section>
        <h2>三、禁止单独售卖</h2>
        <p>
          <strong>不得单独售卖字体文件本身。</strong>
          字体可以与软件或作品捆绑、再分发或随之销售，但不得把字体文件作为独立商品出售，也不得以收费下载、付费会员等方式变相售卖。
        </p>
      </section>

      <section>
        <h2>四、修改后改名</h2>
        <ol>
          <li>你可以修改字体（例如增删字符、调整字形或转换格式）。</li>
          <li>
            <strong>修改后的字体如需分发，必须更改字体名称</strong>，不得使用原作者声明的“保留字体名称”（Reserved Font
            Name），且修改后的字体须继续以 OFL 1.1 发布。
          </li>
          <li>仅为网页使用而进行的子集化和格式转换（如本站提供的 Web 字体子集）属于技术处理，仍以原字体授权为准。</li>
        </ol>
      </section>

      <section>
        <h2>五、署名与授权声明</h2>
        <ol>
          <li>再分发字体（包括修改后的版本）时，应附带原字体的版权声明和 OFL 1.1 授权协议全文。</li>
          <li>未经原作者书面许可，不得使用原作者或版权方的名称为修改后的字体或你的产品作宣传背书。</li>
          <li>在作品中使用字体时无需署名，但我们鼓励你注明字体名称和作者，以支持开源字体的发展。</li>
        </ol>
      </section>

      <section>
        <h2>六、免责声明</h2>
        <ol>
          <li>
            <strong>字体按“原样”提供，不附带任何明示或默示的担保</strong>
            ，包括适销性、特定用途适用性及不侵犯第三方权利的担保。
          </li>
          <li>因使用或无法使用字体所产生的任何直接或间接损失，字体作者和本站均不承担责任。</li>
          <li>
            如你认为本站提供的某款字体侵犯了你的权利，请通过 <Link to="/contact">联系我们</Link>{" "}
            提供权属证明，我们会在核实后及时处理。
          </li>
        </ol>
      </section>

      <section>
        <h2>七、协议的变更</h2>
        <p>
          本站可能根据字体授权信息的变化更新本协议，更新后的内容在本页面公布。你在更新前已合法获得的字体，仍按获得时随附的许可使用。
        </p>
      </section>

      <p className="agreement__see-also">
        另请阅读：<Link to="/agreement/register">《用户注册协议》</Link>　OFL 1.1 原文：
        <a href="https://openfontlicense.org/open-font-license-official-text/" rel="noopener noreferrer">
          openfontlicense.org
        </a>
      </p>
    </article>
  );
}

export const meta = withSocialMeta(pageMeta);
