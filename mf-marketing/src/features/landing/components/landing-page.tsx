import { ClosingCtaSection } from './closing-cta-section';
import { ExampleMissionsSection } from './example-missions-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { ProductFactsSection } from './product-facts-section';

/** The public home page. The shell supplies <main>, the site header and the footer around it. */
export function LandingPage() {
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <HowItWorksSection />
      <ProductFactsSection />
      <ExampleMissionsSection />
      <ClosingCtaSection />
    </>
  );
}
