//! The options of an `mcts:` spec (`mcts:iters=200,c=0.6`), parsed onto a
//! player, and their errors.

use thiserror::Error;

use super::{Budget, ExposureEvaluator, MctsPlayer};
use crate::Guide;

/// An `mcts:` option refused. The texts are those the command line prints.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum OptionsError {
    /// An option without `=`.
    #[error("mcts option \"{0}\" is not key=value")]
    NotKeyValue(String),
    /// A value that is not a finite number `>= 0` (or not in the range `what` says).
    #[error("mcts option {key}: \"{value}\" is not {what}")]
    NotNumber {
        /// The option.
        key: String,
        /// Its value.
        value: String,
        /// What it should be.
        what: &'static str,
    },
    /// A flag that is not 0 or 1 (or true/false, yes/no, on/off).
    #[error("mcts option {key}: \"{value}\" is not 0 or 1")]
    NotFlag {
        /// The option.
        key: String,
        /// Its value.
        value: String,
    },
    /// A value that is not a whole number.
    #[error("mcts option {key}: \"{value}\" is not a whole number")]
    NotWhole {
        /// The option.
        key: String,
        /// Its value.
        value: String,
    },
    /// `iters` of 0 or 2^32 and over.
    #[error("mcts option iters: {0} out of range (1..2^32)")]
    Iterations(u64),
    /// `ms=0` or `turn_ms=0`.
    #[error("mcts option {0}: must be at least 1")]
    ZeroMillis(&'static str),
    /// `eval` neither `static` nor `exposure`.
    #[error("mcts option eval: \"{0}\" is not static, traced or exposure")]
    Evaluator(String),
    /// `walpha` over 1.
    #[error("mcts option walpha: {0} is not in [0, 1]")]
    WidenAlpha(f64),
    /// An option it does not know.
    #[error(
        "unknown mcts option \"{0}\" (known: iters, ms, turn_ms, turn_iters, obj, sw, stw, stwd, c, wc, walpha, rollout, guided, reply, follow, phases, center, opts, gap, dev, se, plans, plan_lines, streams, plan, threads, eval, seed)"
    )]
    Unknown(String),
}

impl MctsPlayer {
    /// Parses comma-separated options, each `key=value` (the part of a spec
    /// after `mcts:`): `iters=N` or `ms=N` (budget), `c=X` (exploration),
    /// `wc=X`, `walpha=X` (widening), `rollout=0|1`, `guided=0|1`,
    /// `reply=0|1`, `follow=0|1`, `phases=0|1`, `center=0|1`, `opts=N` (`max_options`), `gap=X` (`option_gap`),
    /// `dev=X` (`deviate`), `se=X` (`deviate_se`), `plans=N` and
    /// `plan_lines=N` (plans of attack weighed at the start of a Movement
    /// Phase, rollouts each), `streams=N` (dice streams of the rollouts,
    /// [`MctsPlayer::dice_streams`]), `plan=N` (least visits
    /// a plan step needs), `threads=N` (trees searched at once, 1 to 64),
    /// `eval=static|traced|exposure` (the [`StaticEvaluator`](super::StaticEvaluator), with supply
    /// traced from the position, or the
    /// [`ExposureEvaluator`]), `obj=X`, `sw=X` and `stw=X` (the static
    /// evaluator's objective, supply and step weights; `stwd=F`, the step
    /// weight as a share of the decisive margin, whichever of `stw` and
    /// `stwd` comes last standing; with
    /// `eval=static|traced` in any order; kept but unused after
    /// `eval=exposure`), `turn_ms=N` (a cap on the player-turn,
    /// [`MctsPlayer::turn_ms`]), `turn_iters=N` (a cap on the player-turn's
    /// iterations, [`MctsPlayer::turn_iters`]), `seed=N`. Empty: the defaults.
    pub fn from_options(opts: &str) -> Result<MctsPlayer, OptionsError> {
        let mut p = MctsPlayer::default();
        p.set_options(opts)?;
        Ok(p)
    }
}

impl<G: Guide> MctsPlayer<G> {
    /// Sets the options `opts` names ([`MctsPlayer::from_options`]), in
    /// order; on an error, those before it are set.
    pub fn set_options(&mut self, opts: &str) -> Result<(), OptionsError> {
        for kv in opts.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (k, v) = kv
                .split_once('=')
                .ok_or_else(|| OptionsError::NotKeyValue(kv.into()))?;
            self.set_option(k.trim(), v.trim())?;
        }
        Ok(())
    }

    /// Sets option `k` to `v`.
    fn set_option(&mut self, k: &str, v: &str) -> Result<(), OptionsError> {
        let num = |what: &'static str| -> Result<f64, OptionsError> {
            v.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
                .ok_or_else(|| OptionsError::NotNumber {
                    key: k.into(),
                    value: v.into(),
                    what,
                })
        };
        let flag = || -> Result<bool, OptionsError> {
            match v {
                "1" | "true" | "yes" | "on" => Ok(true),
                "0" | "false" | "no" | "off" => Ok(false),
                _ => Err(OptionsError::NotFlag {
                    key: k.into(),
                    value: v.into(),
                }),
            }
        };
        let int = || -> Result<u64, OptionsError> {
            v.parse::<u64>().map_err(|_| OptionsError::NotWhole {
                key: k.into(),
                value: v.into(),
            })
        };
        match k {
            "iters" | "iterations" => {
                let n = int()?;
                if n == 0 || n > u32::MAX as u64 {
                    return Err(OptionsError::Iterations(n));
                }
                self.budget = Budget::Iterations(n as u32);
            }
            "ms" => {
                let n = int()?;
                if n == 0 {
                    return Err(OptionsError::ZeroMillis("ms"));
                }
                self.budget = Budget::Millis(n);
            }
            "turn_ms" => {
                let n = int()?;
                if n == 0 {
                    return Err(OptionsError::ZeroMillis("turn_ms"));
                }
                self.turn_ms = Some(n);
            }
            "turn_iters" => {
                let n = int()?;
                if n == 0 {
                    return Err(OptionsError::ZeroMillis("turn_iters"));
                }
                self.turn_iters = Some(n);
            }
            "c" => self.exploration = num("a number >= 0")?,
            "wc" => self.widen_c = num("a number >= 0")?.max(f64::MIN_POSITIVE),
            "walpha" => {
                let a = num("a number in [0, 1]")?;
                if a > 1.0 {
                    return Err(OptionsError::WidenAlpha(a));
                }
                self.widen_alpha = a;
            }
            "rollout" => self.rollout = flag()?,
            "guided" => self.guided = flag()?,
            "reply" => self.reply = flag()?,
            "follow" => self.follow = flag()?,
            "phases" => self.phases = flag()?,
            "center" => self.center = flag()?,
            "opts" => self.max_options = int()?.clamp(1, 64) as usize,
            "gap" => self.option_gap = num("a number >= 0")?,
            "dev" => self.deviate = num("a number >= 0")?,
            "se" => self.deviate_se = num("a number >= 0")?,
            "plans" => self.plans = int()?.clamp(0, 16) as usize,
            "plan_lines" => self.plan_lines = int()?.clamp(1, 10_000) as u32,
            "streams" => self.dice_streams = int()?.clamp(1, 1 << 20) as u32,
            "threads" => self.threads = int()?.clamp(1, 64) as usize,
            "plan" => self.min_plan_visits = int()?.min(u32::MAX as u64) as u32,
            "obj" => {
                self.static_eval.objective_weight = num("a number >= 0")?;
                self.use_static_eval();
            }
            "sw" => {
                self.static_eval.supply_weight = num("a number >= 0")?;
                self.use_static_eval();
            }
            "stw" => {
                self.static_eval.step_weight = num("a number >= 0")?;
                self.static_eval.step_share = None;
                self.use_static_eval();
            }
            "stwd" => {
                self.static_eval.step_share = Some(num("a number >= 0")?);
                self.use_static_eval();
            }
            "eval" => match v {
                "static" | "traced" => {
                    self.static_eval.traced = v == "traced";
                    self.exposure = false;
                    self.use_static_eval();
                }
                "exposure" => {
                    self.exposure = true;
                    self.set_evaluator(ExposureEvaluator::default());
                }
                _ => return Err(OptionsError::Evaluator(v.into())),
            },
            "seed" => self.seed = int()?,
            _ => return Err(OptionsError::Unknown(k.into())),
        }
        Ok(())
    }

    /// The static evaluator as its options stand, unless `eval=exposure`
    /// was chosen (which a weight given after it does not undo).
    fn use_static_eval(&mut self) {
        if !self.exposure {
            self.set_evaluator(self.static_eval);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `obj`, `sw` and `eval=static|traced` build one static evaluator
    /// together, in any order; a bad weight is refused.
    #[test]
    fn the_static_evaluators_options_compose_in_any_order() {
        let a = MctsPlayer::from_options("sw=2,eval=traced,obj=0.5").unwrap();
        let b = MctsPlayer::from_options("obj=0.5,eval=traced,sw=2").unwrap();
        assert_eq!(a.static_eval, b.static_eval);
        let e = a.static_eval;
        assert!(e.traced);
        assert_eq!((e.supply_weight, e.objective_weight), (2.0, 0.5));
        let c = MctsPlayer::from_options("eval=traced,eval=static").unwrap();
        assert!(!c.static_eval.traced);
        assert_eq!(c.static_eval.supply_weight, 0.5, "the default weight");
        let d = MctsPlayer::from_options("stw=1.5,eval=exposure,sw=2").unwrap();
        assert!(d.exposure, "a weight after eval=exposure keeps exposure");
        assert_eq!(d.static_eval.step_weight, 1.5);
        let e = MctsPlayer::from_options("eval=exposure,eval=traced,stw=2").unwrap();
        assert!(!e.exposure && e.static_eval.traced);
        // The step weight as a share of the decisive margin, or in VP:
        // whichever comes last.
        let malaya = hexwar_engine::builtin::load("malaya").unwrap();
        let f = MctsPlayer::from_options("stw=2,stwd=0.1")
            .unwrap()
            .static_eval;
        assert_eq!(f.step_weight_in(&malaya), 4.0, "a tenth of Malaya's 40");
        let g = MctsPlayer::from_options("stwd=0.1,stw=2")
            .unwrap()
            .static_eval;
        assert_eq!(g.step_weight_in(&malaya), 2.0);
        // `expert`'s tenth, exactly the weights measured with `stw`.
        for (name, w) in [("morne-plaine", 1.5), ("eastfront", 2.0)] {
            let scen = hexwar_engine::builtin::load(name).unwrap();
            assert_eq!(f.step_weight_in(&scen), w, "{name}");
        }
        assert!(MctsPlayer::from_options("stwd=-1").is_err());
        assert_eq!(
            MctsPlayer::from_options("streams=256")
                .unwrap()
                .dice_streams,
            256
        );
        assert_eq!(MctsPlayer::from_options("").unwrap().dice_streams, 16);
        assert!(MctsPlayer::from_options("streams=x").is_err());
        assert!(MctsPlayer::from_options("sw=-1").is_err());
        assert!(MctsPlayer::from_options("sw=x").is_err());
    }
}
