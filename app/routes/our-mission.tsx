import { Link } from "@remix-run/react";
import { textDocument } from "~/components/TextDocument";
import { primaryButton, textLink } from "~/components/ui/styles";

export { headers, handle } from "~/components/StaticPage";

const ourMission = textDocument(
  {
    title: "Our Mission",
    intro: (
      <p>
        SafeBites helps people with food restrictions find restaurants they can eat at with confidence. Find Food That
        Won&rsquo;t Fight Back.
      </p>
    ),
    description:
      "Why SafeBites exists: a free, public directory of restaurants with reviewed gluten-free, dairy-free, vegetarian and vegan information.",
    path: "/our-mission",
  },
  <>
    <h2>Why SafeBites exists</h2>
    <p>
      For many people, eating out starts with a question: &ldquo;Can I actually eat here?&rdquo; If you live with
      coeliac disease, a dairy allergy or intolerance, or you simply don&rsquo;t eat meat or animal products, a wrong
      answer isn&rsquo;t a small inconvenience. It can mean an evening, or several days, of feeling ill.
    </p>
    <p>
      Finding reliable answers is harder than it should be. Menus are out of date, reviews mix up &ldquo;gluten-free
      options&rdquo; with &ldquo;gluten-free kitchen&rdquo;, and the information you need is scattered across many
      sites. We started SafeBites to put it in one place you can trust.
    </p>

    <h2>What we do</h2>
    <ul>
      <li>
        <strong>One directory for dietary needs.</strong> Search restaurants by name, cuisine or location, and filter by
        gluten-free, dairy-free, vegetarian and vegan.
      </li>
      <li>
        <strong>Clear dietary information.</strong> Each listing shows which needs a restaurant caters for, along with
        its address, phone number, hours and links to its website and menu where available.
      </li>
      <li>
        <strong>Free and public.</strong> Every page is open to everyone. There is no account to create and nothing to
        sign in to, and the site works even with JavaScript turned off.
      </li>
    </ul>

    <h2>How listings are checked</h2>
    <p>
      Many listings start as suggestions from people like you: diners who have found a place that takes their needs
      seriously. Every suggestion is reviewed by the SafeBites team before it is added to the directory. We check that
      the restaurant exists at the address given and compare the dietary details against what the restaurant itself
      publishes, such as its menu and website.
    </p>
    <p>
      Restaurants change their menus, suppliers and staff, so no directory can promise that today&rsquo;s information is
      still true tomorrow. Please always confirm with the restaurant before you order, especially if you have an allergy
      or coeliac disease. If you spot something that has changed, please{" "}
      <Link to="/contact-us" className={textLink}>
        let us know
      </Link>{" "}
      so we can fix it.
    </p>

    <h2>Help the directory grow</h2>
    <p>
      Know a restaurant that gets it right? Tell us about it. Your suggestion helps the next person find a safe meal.
    </p>
    <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
      <Link to="/submit-restaurant" className={primaryButton}>
        Suggest a Restaurant
      </Link>
      <Link to="/" className={`${textLink} self-center sm:ml-2`}>
        Search the directory
      </Link>
    </div>
  </>,
);

export const meta = ourMission.meta;
export default ourMission.Page;
