#pragma once
// Trainers held by id until disposed: a caller that cannot keep C++ objects (a Web Worker through
// the wasm bindings) creates one, steps it between progress reports, evaluates it and drops it.
// At most limits::max_live_trainers live at once, so a caller that forgets to dispose fails loudly
// instead of running out of memory.
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "experiment.hpp"

namespace posenc
{
    /// Problem unless `steps` Adam steps may run in one call (short enough to cancel between calls).
    inline Problem check_steps(std::int64_t steps)
    {
        return check_integer("steps", static_cast<double>(steps), 1, limits::max_steps_per_call);
    }

    /// The mean loss of each of `steps` Adam steps (check_steps first).
    inline std::vector<double> train_steps(Trainer& trainer, std::int64_t steps)
    {
        throw_if(check_steps(steps));
        std::vector<double> losses(static_cast<std::size_t>(steps));
        for (double& loss : losses) loss = trainer.step();
        return losses;
    }

    class TrainerRegistry
    {
    public:
        /// Problem unless `options` make a trainer and there is room for one more.
        Problem check_create(const TrainerOptions& options) const
        {
            if (auto problem = check_trainer_options(options)) return problem;
            if (trainers_.size() < limits::max_live_trainers) return std::nullopt;
            return range_problem("trainerCreate",
                                 "called with at most " + std::to_string(limits::max_live_trainers)
                                     + " trainers alive (trainerDispose the finished ones)",
                                 std::to_string(trainers_.size()) + " alive");
        }

        /// A new trainer's id (check_create first), freshly initialised or, given `parameters` (which
        /// must fill options.model's layout), starting from them.
        std::int64_t create(const TrainerOptions& options, std::span<const double> parameters = {})
        {
            throw_if(check_create(options));
            if (!parameters.empty()) throw_if(check_model_parameters(options.model, parameters));
            const std::int64_t id = next_id_++;
            trainers_.emplace(id, parameters.empty() ? std::make_unique<Trainer>(options) : std::make_unique<Trainer>(options, parameters));
            return id;
        }

        /// Problem unless `id` names a live trainer; `out` points at it.
        Problem find(std::int64_t id, Trainer*& out) const
        {
            if (auto problem = check_integer("id", static_cast<double>(id), 1, limits::max_trainer_id)) return problem;
            const auto found = trainers_.find(id);
            if (found == trainers_.end())
                return range_problem("id", "the id of a live trainer (from trainerCreate, not yet disposed)", std::to_string(id));
            out = found->second.get();
            return std::nullopt;
        }

        /// Frees the trainer `id` names (find first); returns how many stay alive.
        std::size_t dispose(std::int64_t id)
        {
            trainers_.erase(id);
            return trainers_.size();
        }

    private:
        std::map<std::int64_t, std::unique_ptr<Trainer>> trainers_;
        std::int64_t next_id_ = 1;
    };
}
